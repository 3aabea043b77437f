// Starts the fake Mercado Livre for the browser tests and local development:
//   FAKE_MERCADOLIVRE_PORT=4031 npx tsx apps/server/test/support/fake-mercadolivre-cli.ts
// then run the server with MERCADOLIVRE_APP_ID=5566778899 MERCADOLIVRE_CLIENT_SECRET=segredo-do-app-mercadolivre
// MERCADOLIVRE_AUTH_URL=http://127.0.0.1:4031 MERCADOLIVRE_API_URL=http://127.0.0.1:4031.
// Controls: POST /__control/seller { nickname, orders: [mercadolivreOrder options] } makes the seller
// the next authorisation approves ({ sellerId, orderIds }); POST /__control/notify { url, sellerId,
// id, changes } changes an order and posts the orders_v2 notification Mercado Livre would send.
import http from 'node:http';
import { readJson, replyJson } from './fake-http.ts';
import { mercadolivreFake, mercadolivreOrder } from './fake-mercadolivre.ts';

const fake = mercadolivreFake();

const reply = replyJson;

async function control(req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> {
  if (req.url === '/__control/health') {
    reply(res, 200, { ok: true });
    return true;
  }
  if (req.url === '/__control/seller' && req.method === 'POST') {
    const b = await readJson(req);
    const sellerId = fake.addSeller(String(b.nickname ?? 'LOJA_E2E'));
    const orders = ((b.orders ?? []) as Array<Parameters<typeof mercadolivreOrder>[0]>).map((o) => fake.putOrder(sellerId, mercadolivreOrder(o)));
    fake.state.nextSellerId = sellerId;
    reply(res, 200, { sellerId, orderIds: orders.map((o) => o.id) });
    return true;
  }
  if (req.url === '/__control/notify' && req.method === 'POST') {
    const b = (await readJson(req)) as { url: string; sellerId: string; id: number; changes?: Record<string, unknown> };
    const order = fake.sellers.get(b.sellerId)?.orders.find((o) => o.id === b.id);
    if (!order) {
      reply(res, 404, { error: 'order not found' });
      return true;
    }
    fake.putOrder(b.sellerId, { ...order, ...b.changes });
    reply(res, 200, await fake.notify(b.url, { userId: b.sellerId, topic: 'orders_v2', resource: `/orders/${b.id}` }));
    return true;
  }
  return false;
}

const server = http.createServer((req, res) => {
  control(req, res)
    .then((handled) => handled || fake.serve(req, res))
    .catch((e: unknown) => reply(res, 500, { error: String(e) }));
});
server.listen(Number(process.env.FAKE_MERCADOLIVRE_PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : null, appId: fake.appId }));
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => server.close(() => process.exit(0)));
