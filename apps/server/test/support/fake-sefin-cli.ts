// Starts the fake Sefin Nacional for browser tests and local development:
//   FAKE_SEFIN_PORT=4030 FAKE_SEFIN_CA_FILE=/tmp/sefin-ca.pem npx tsx apps/server/test/support/fake-sefin-cli.ts
// then run the server with NFSE_SEFIN_RESTRICTED_URL=https://127.0.0.1:4030/SefinNacional NFSE_SEFIN_CA_FILE=/tmp/sefin-ca.pem.
// Trust a company's test certificate with: POST https://127.0.0.1:4030/__control/trust {"pem": "-----BEGIN CERTIFICATE-----…"}.
import { startFakeSefin } from './fake-sefin.ts';

const caFile = process.env.FAKE_SEFIN_CA_FILE;
if (!caFile) throw new Error('FAKE_SEFIN_CA_FILE is required');
const fake = await startFakeSefin({ port: Number(process.env.FAKE_SEFIN_PORT ?? 0), caFile, control: true });
console.log(JSON.stringify(fake.env));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void fake.close().then(() => process.exit(0));
  });
}
