// Starts the fake CNPJ providers for the e2e tests:
//   FAKE_CNPJ_PORT=4010 npx tsx apps/server/test/support/fake-cnpj-providers-cli.ts
// Prints the base URLs as JSON on one line. Scenarios by CNPJ:
//   98765432000279 not found everywhere; 11222333000181 every provider answers 500;
//   12ABC34501DE35 found at BrasilAPI only (not found elsewhere);
//   11444777000161 every provider answers 429 with Retry-After: 1 (rate limited, briefly);
//   any other CNPJ with valid check digits: found everywhere (the fixture company, with that
//   CNPJ), so browser tests can create as many companies as they need with random CNPJs.
// With FAKE_RECEITA_DIR, it also serves the Receita's file server at /receita/dados_abertos_cnpj/:
// the `YYYY-MM/` folders of that directory (FAKE_RECEITA_DELAY_MS before each file).
// It also serves a fake Asaas at /asaas/{sandbox|production}/v3 (any '$aact_hmlg_…' sandbox key;
// POST /asaas/_control/pay { paymentId, webhookUrl, token } pays a boleto through the webhook).
import { asaasFake } from './fake-asaas.ts';
import { startFakeCnpjProviders } from './fake-cnpj-providers.ts';
import { receitaListingHandler } from './fake-receita-listing.ts';

const E2E_CNPJ_SCENARIOS = {
  found: '98765432000198',
  notFound: '98765432000279',
  allDown: '11222333000181',
  brasilapiOnly: '12ABC34501DE35',
  rateLimited: '11444777000161',
} as const;

const receita = process.env.FAKE_RECEITA_DIR
  ? receitaListingHandler({ dir: process.env.FAKE_RECEITA_DIR, prefix: '/receita/dados_abertos_cnpj/', delayMs: Number(process.env.FAKE_RECEITA_DELAY_MS ?? 0) })
  : null;
const asaas = asaasFake({ prefix: '/asaas', anySandboxKey: true });
const fake = await startFakeCnpjProviders(Number(process.env.FAKE_CNPJ_PORT ?? 0), (req, res) => asaas.serve(req, res) || (receita?.handle(req, res) ?? false));
fake.setDefaultScenario('found');
fake.setCnpjScenario(E2E_CNPJ_SCENARIOS.found, 'found');
fake.setCnpjScenario(E2E_CNPJ_SCENARIOS.notFound, 'not_found');
fake.setCnpjScenario(E2E_CNPJ_SCENARIOS.allDown, 'error_500');
fake.setCnpjScenario(E2E_CNPJ_SCENARIOS.rateLimited, 'rate_limited_briefly');
fake.setCnpjScenario(E2E_CNPJ_SCENARIOS.brasilapiOnly, {
  brasilapi: 'found',
  minhareceita: 'not_found',
  receitaws: 'not_found',
  cnpjws: 'not_found',
  cnpja: 'not_found',
});

console.log(JSON.stringify({ port: fake.port, baseUrls: fake.baseUrls }));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void fake.close().then(() => process.exit(0));
  });
}
