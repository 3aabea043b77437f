// Starts the fake Nuvemshop for the browser tests and local development:
//   FAKE_NUVEMSHOP_PORT=4030 FAKE_NUVEMSHOP_REDIRECT_URL=http://127.0.0.1:3000/ecommerce/conectar/nuvemshop \
//     npx tsx apps/server/test/support/fake-nuvemshop-cli.ts
// then run the server with NUVEMSHOP_APP_ID=4321 NUVEMSHOP_CLIENT_SECRET=segredo-do-app-nuvemshop
// NUVEMSHOP_AUTH_URL=http://127.0.0.1:4030 NUVEMSHOP_API_URL=http://127.0.0.1:4030/v1.
// Controls: POST /__control/store { name, orders: [{ number, payment_status, customer, products }], catalogue?: [{ name, variants: [{ sku, price, stock }] }] }
// makes the store the next authorisation approves ({ storeId, orderIds }); POST /__control/event
// { storeId, event, id, changes } changes an order and posts the signed webhook Nuvemshop would send.
import http from 'node:http';
import { readJson, replyJson } from './fake-http.ts';
import { nuvemshopFake, nuvemshopOrder, nuvemshopProduct } from './fake-nuvemshop.ts';

const fake = nuvemshopFake({ redirectUrl: process.env.FAKE_NUVEMSHOP_REDIRECT_URL ?? 'http://127.0.0.1:3000/ecommerce/conectar/nuvemshop' });

const reply = replyJson;

async function control(req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> {
  if (req.url === '/__control/health') {
    reply(res, 200, { ok: true });
    return true;
  }
  if (req.url === '/__control/store' && req.method === 'POST') {
    const b = await readJson(req);
    const storeId = fake.addStore(String(b.name ?? 'Loja E2E'));
    const orders = ((b.orders ?? []) as Array<Parameters<typeof nuvemshopOrder>[0]>).map((o) => fake.putOrder(storeId, nuvemshopOrder(o)));
    for (const p of (b.catalogue ?? []) as Array<{ name: string; variants: Parameters<typeof nuvemshopProduct>[1] }>) fake.putProduct(storeId, nuvemshopProduct(p.name, p.variants));
    fake.state.nextStoreId = storeId;
    reply(res, 200, { storeId, orderIds: orders.map((o) => o.id) });
    return true;
  }
  if (req.url === '/__control/event' && req.method === 'POST') {
    const b = (await readJson(req)) as { storeId: string; event: string; id: number; changes?: Record<string, unknown> };
    const order = fake.stores.get(b.storeId)?.orders.find((o) => o.id === b.id);
    if (!order) {
      reply(res, 404, { error: 'order not found' });
      return true;
    }
    fake.putOrder(b.storeId, { ...order, ...b.changes });
    reply(res, 200, await fake.notify(b.storeId, b.event, b.id));
    return true;
  }
  return false;
}

const server = http.createServer((req, res) => {
  control(req, res)
    .then((handled) => handled || fake.serve(req, res))
    .then((handled) => {
      if (!handled) reply(res, 404, { code: 404, message: 'Not Found' });
    })
    .catch((e: unknown) => reply(res, 500, { error: String(e) }));
});
server.listen(Number(process.env.FAKE_NUVEMSHOP_PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : null, appId: fake.appId }));
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => server.close(() => process.exit(0)));
