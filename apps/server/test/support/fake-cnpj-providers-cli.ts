// Starts the fake CNPJ providers for the e2e tests:
//   FAKE_CNPJ_PORT=4010 npx tsx apps/server/test/support/fake-cnpj-providers-cli.ts
// Prints the base URLs as JSON on one line. Scenarios by CNPJ:
//   98765432000198 found everywhere; 98765432000279 not found everywhere;
//   11222333000181 every provider answers 500; 12ABC34501DE35 found at BrasilAPI only.
import { startFakeCnpjProviders } from './fake-cnpj-providers.ts';

const fake = await startFakeCnpjProviders(Number(process.env.FAKE_CNPJ_PORT ?? 0));
fake.setCnpjScenario('98765432000198', 'found');
fake.setCnpjScenario('98765432000279', 'not_found');
fake.setCnpjScenario('11222333000181', 'error_500');
fake.setCnpjScenario('12ABC34501DE35', { brasilapi: 'found' });

console.log(JSON.stringify({ port: fake.port, baseUrls: fake.baseUrls }));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void fake.close().then(() => process.exit(0));
  });
}
