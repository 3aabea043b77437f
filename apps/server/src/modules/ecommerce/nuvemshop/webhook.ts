import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { ECOMMERCE_MESSAGES as M } from '@sede/shared/ecommerce/schemas';
import { AppError, badRequest, notFound } from '../../../http/errors.ts';
import { systemTenant } from '../../../platform/tenant.ts';
import type { Services } from '../../../services.ts';
import { applyProductEvent } from '../products/public.ts';
import { markDelivered, markSynced, storeAuth, storeRef } from '../stores.ts';
import { nuvemshopApp } from './client.ts';
import { syncOrder } from './sync.ts';

const { ecommerceStores: S } = schema;

/** x-linkedstore-hmac-sha256: the hex HMAC-SHA256 of the raw body with the app's secret. */
export function nuvemshopSignatureValid(secret: string, raw: Buffer, header: string): boolean {
  const expected = Buffer.from(createHmac('sha256', secret).update(raw).digest('hex'));
  const given = Buffer.from(header.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A webhook from Nuvemshop (decision 0681): signed with the app's secret (else 403), naming a
 * store connected here (else 404: the store decides the company, never the body's anything else).
 * An order event fetches the order and applies it in place, so a repeated or late delivery changes
 * nothing twice; `app/uninstalled` marks the store as needing a reconnection.
 */
export async function receiveNuvemshopWebhook(s: Services, raw: Buffer, signature: string | undefined): Promise<void> {
  const app = nuvemshopApp(s);
  if (!signature) throw new AppError(403, 'ECOMMERCE_SIGNATURE_MISSING', M.missingSignature);
  if (!nuvemshopSignatureValid(app.secret, raw, signature)) throw new AppError(403, 'ECOMMERCE_SIGNATURE_INVALID', M.forgedSignature);
  let body: { store_id?: unknown; event?: unknown; id?: unknown };
  try {
    body = JSON.parse(raw.toString('utf8')) as typeof body;
  } catch {
    throw badRequest('O corpo do webhook não é JSON.', 'INVALID_JSON');
  }
  const storeId = String(body?.store_id ?? '');
  const event = typeof body?.event === 'string' ? body.event : '';
  if (!/^\d{1,20}$/.test(storeId) || !event) throw badRequest('Webhook sem loja ou evento.', 'ECOMMERCE_WEBHOOK_INVALID');
  // Looked up across companies: the store's id at Nuvemshop is what names the company.
  const [row] = await s.db
    .select()
    .from(S)
    .where(and(eq(S.provider, 'nuvemshop'), eq(S.externalId, storeId), isNull(S.disconnectedAt)));
  if (!row) throw notFound(M.unknownStore);
  const tenant = systemTenant(s, row.companyId, 'webhook');
  if (event === 'app/uninstalled') {
    await markSynced(tenant, row.id, 'O aplicativo do Sede foi desinstalado na Nuvemshop. Conecte a loja de novo.');
    return;
  }
  if (event.startsWith('product/')) {
    await applyProductEvent(s, row, event, String(body.id ?? ''));
    return;
  }
  if (!event.startsWith('order/')) return;
  await syncOrder(s, storeRef(row), storeAuth(s, row), String(body.id ?? ''), 'webhook');
  await markDelivered(tenant, row);
}
