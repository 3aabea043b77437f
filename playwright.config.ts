import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const CNPJ_PORT = Number(process.env.E2E_CNPJ_PORT ?? 3101);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
/** Debian's Chromium without its window furniture: a third of full Chromium's CPU in headless tests (decision 0437). */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

// The config is evaluated again in every worker: create the data dir once, through the env.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join('/tmp', 'sede-e2e-'));
  fs.chmodSync(process.env.E2E_DATA_DIR, 0o755);
}
/** Where prospecting.spec.ts writes the months the fake Receita file server lists (served by the fake CNPJ providers). */
if (!process.env.E2E_RECEITA_DIR) {
  process.env.E2E_RECEITA_DIR = fs.mkdtempSync(path.join('/tmp', 'sede-e2e-receita-'));
  fs.chmodSync(process.env.E2E_RECEITA_DIR, 0o755);
}
const fakeCnpj = `http://127.0.0.1:${CNPJ_PORT}`;
/** The fake OpenAI-compatible API (apps/server/test/support/fake-openai-cli.ts): the platform AI of the e2e server. */
const AI_PORT = Number(process.env.E2E_AI_PORT ?? PORT + 2);
export const FAKE_OPENAI_URL = `http://127.0.0.1:${AI_PORT}`;
/** The fake Sefin Nacional (apps/server/test/support/fake-sefin-cli.ts): HTTPS with mTLS, its CA written where the server reads it. */
// PORT + 3 is auth-limits.spec.ts's own server (its limits on): the fake Sefin takes PORT + 4.
const SEFIN_PORT = Number(process.env.E2E_SEFIN_PORT ?? PORT + 4);
export const FAKE_SEFIN_URL = `https://127.0.0.1:${SEFIN_PORT}`;
const SEFIN_CA_FILE = path.join(process.env.E2E_DATA_DIR, 'fake-sefin-ca.pem');
/** The fake Nuvemshop (apps/server/test/support/fake-nuvemshop-cli.ts): the app's authorisation, the REST API and signed webhooks. */
const NUVEMSHOP_PORT = Number(process.env.E2E_NUVEMSHOP_PORT ?? PORT + 5);
export const FAKE_NUVEMSHOP_URL = `http://127.0.0.1:${NUVEMSHOP_PORT}`;
/** The fake Mercado Livre (apps/server/test/support/fake-mercadolivre-cli.ts): OAuth with refresh tokens, orders and notifications. */
const MERCADOLIVRE_PORT = Number(process.env.E2E_MERCADOLIVRE_PORT ?? PORT + 6);
export const FAKE_MERCADOLIVRE_URL = `http://127.0.0.1:${MERCADOLIVRE_PORT}`;

/**
 * Longest files first (decision 0757): Playwright hands files to its workers in the order of its
 * projects, then by name, so a long file named late ran on after the other workers had finished.
 * The files' seconds in the last full run (.ci/test-durations.json, written by
 * scripts/test-durations.mjs) put them in three projects, longest first; a new file goes last.
 */
const lastSeconds: Record<string, number> = JSON.parse(fs.readFileSync('.ci/test-durations.json', 'utf8'));
const TIERS = [60, 35] as const;
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const filesOver = (min: number, max = Infinity) =>
  Object.entries(lastSeconds)
    .filter(([file, seconds]) => file.startsWith('e2e/') && seconds >= min && seconds < max)
    .map(([file]) => new RegExp(`/${literal(file)}$`));
const tiers = [filesOver(TIERS[0]), filesOver(TIERS[1], TIERS[0])];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Three files at a time (tests within a file stay in order): every test makes its own people and
  // companies, and the one global switch (the fake AI's mode) is used by paid-action.spec.ts alone.
  // In the headless shell a test mostly waits on the server, so a third worker fits on two cores (decision 0437).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '.ci/results/playwright.json' }]] : 'list',
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    headless: true,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // As a person who asked for less motion: no endless spinners and pulses redrawing every frame (decision 0437).
    reducedMotion: 'reduce',
    // Recording a trace costs a screencast of every test: under CI only the retry records one (decision 0437).
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
      // --in-process-gpu: the software compositor in the browser process, not a GPU process of its own (decision 0527).
      args: ['--no-sandbox', '--disable-gpu', '--in-process-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
    },
  },
  projects: [
    { name: 'longest', testMatch: tiers[0] },
    { name: 'long', testMatch: tiers[1] },
    { name: 'others', testIgnore: tiers.flat() },
  ],
  webServer: [
    {
      command: 'node --import tsx apps/server/test/support/fake-cnpj-providers-cli.ts',
      url: `${fakeCnpj}/brasilapi/cnpj/v1/98765432000198`,
      env: { FAKE_CNPJ_PORT: String(CNPJ_PORT), FAKE_RECEITA_DIR: process.env.E2E_RECEITA_DIR, FAKE_RECEITA_DELAY_MS: '600' },
      reuseExistingServer: false,
      timeout: 30_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      command: 'node --import tsx apps/server/test/support/fake-openai-cli.ts',
      url: `${FAKE_OPENAI_URL}/health`,
      env: { FAKE_OPENAI_PORT: String(AI_PORT) },
      reuseExistingServer: false,
      timeout: 30_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      command: 'node --import tsx apps/server/test/support/fake-sefin-cli.ts',
      url: `${FAKE_SEFIN_URL}/__control/health`,
      ignoreHTTPSErrors: true,
      env: { FAKE_SEFIN_PORT: String(SEFIN_PORT), FAKE_SEFIN_CA_FILE: SEFIN_CA_FILE },
      reuseExistingServer: false,
      timeout: 30_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      command: 'node --import tsx apps/server/test/support/fake-nuvemshop-cli.ts',
      url: `${FAKE_NUVEMSHOP_URL}/__control/health`,
      env: { FAKE_NUVEMSHOP_PORT: String(NUVEMSHOP_PORT), FAKE_NUVEMSHOP_REDIRECT_URL: `${BASE_URL}/ecommerce/conectar/nuvemshop` },
      reuseExistingServer: false,
      timeout: 30_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      command: 'node --import tsx apps/server/test/support/fake-mercadolivre-cli.ts',
      url: `${FAKE_MERCADOLIVRE_URL}/__control/health`,
      env: { FAKE_MERCADOLIVRE_PORT: String(MERCADOLIVRE_PORT) },
      reuseExistingServer: false,
      timeout: 30_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      // E2E_SERVER_ARGS lets a developer run the server from source (`--import tsx apps/server/src/index.ts`).
      command: `node ${process.env.E2E_SERVER_ARGS ?? 'apps/server/dist/index.js'}`,
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: {
        NODE_ENV: 'production',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        APP_URL: BASE_URL,
        DATA_DIR: process.env.E2E_DATA_DIR!,
        DATABASE_URL: '',
        ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
        AUTH_RATE_LIMIT: 'off',
        // The signed-in pages' server render (decisions 0766, 0769, 0773) as in production, for every browser: the whole
        // suite acts on server-rendered pages (E2E_SSR_SIGNED_IN=off or opt-in runs it against the plain app), with room for a
        // loaded CI machine: its time limit is tested in vitest.
        SSR_SIGNED_IN: process.env.E2E_SSR_SIGNED_IN ?? 'on',
        SSR_RENDER_BUDGET_MS: '3000',
        SUPPORT_EMAIL: 'suporte.e2e@sede.test',
        SUPPORT_OPERATORS: 'operador.e2e@sede.test,operador.receita.e2e@sede.test',
        RECEITA_DATA_URL: `${fakeCnpj}/receita/dados_abertos_cnpj/`,
        BETTER_AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-012345',
        CNPJ_PROVIDERS: 'brasilapi,cnpjws,receitaws,cnpja',
        CNPJ_TIMEOUT_MS: '1500',
        // The fake PSP's authority, written there by the test that starts it (money-in-pix.spec.ts).
        PIX_API_CA_FILE: path.join(process.env.E2E_DATA_DIR!, 'fake-pix-psp-ca.pem'),
        BRASILAPI_URL: `${fakeCnpj}/brasilapi`,
        MINHARECEITA_URL: `${fakeCnpj}/minhareceita`,
        RECEITAWS_URL: `${fakeCnpj}/receitaws`,
        CNPJWS_URL: `${fakeCnpj}/cnpjws`,
        CNPJA_URL: `${fakeCnpj}/cnpja`,
        ASAAS_SANDBOX_URL: `${fakeCnpj}/asaas/sandbox/v3`,
        ASAAS_PRODUCTION_URL: `${fakeCnpj}/asaas/production/v3`,
        AI_BASE_URL: `${FAKE_OPENAI_URL}/v1`,
        AI_API_KEY: 'e2e-chave-da-plataforma',
        AI_TIMEOUT_MS: '5000',
        NFSE_SEFIN_RESTRICTED_URL: `${FAKE_SEFIN_URL}/SefinNacional`,
        NFSE_SEFIN_PRODUCTION_URL: `${FAKE_SEFIN_URL}/SefinNacional`,
        NFSE_SEFIN_CA_FILE: SEFIN_CA_FILE,
        NUVEMSHOP_APP_ID: '4321',
        NUVEMSHOP_CLIENT_SECRET: 'segredo-do-app-nuvemshop',
        NUVEMSHOP_AUTH_URL: FAKE_NUVEMSHOP_URL,
        NUVEMSHOP_API_URL: `${FAKE_NUVEMSHOP_URL}/v1`,
        MERCADOLIVRE_APP_ID: '5566778899',
        MERCADOLIVRE_CLIENT_SECRET: 'segredo-do-app-mercadolivre',
        MERCADOLIVRE_AUTH_URL: FAKE_MERCADOLIVRE_URL,
        MERCADOLIVRE_API_URL: FAKE_MERCADOLIVRE_URL,
      },
    },
  ],
});
