// Starts the fake OpenAI-compatible API for browser tests and local development:
//   FAKE_OPENAI_PORT=4020 npx tsx apps/server/test/support/fake-openai-cli.ts
// then run the server with AI_BASE_URL=http://127.0.0.1:4020/v1 AI_API_KEY=qualquer.
// Switch its mode with: curl -XPOST localhost:4020/__control -d '{"mode":"error_500"}'
// (ok, slow, rate_limited, error_500, malformed, malformed_once, unauthorized).
import { startFakeOpenAi } from './fake-openai.ts';

const fake = await startFakeOpenAi(Number(process.env.FAKE_OPENAI_PORT ?? 0));
console.log(JSON.stringify({ port: fake.port, baseUrl: fake.baseUrl }));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void fake.close().then(() => process.exit(0));
  });
}
