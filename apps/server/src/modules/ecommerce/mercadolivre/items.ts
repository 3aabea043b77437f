import type { Services } from '../../../services.ts';
import type { StoreAuth } from '../http.ts';
import { cents, type IncomingProduct, text } from '../incoming.ts';
import { mercadolivreApi } from './client.ts';

/** The parts of Mercado Livre's item (GET /items/{id}) Sede reads. */
export type MercadoLivreItem = {
  id: string;
  title?: string;
  price?: number | string;
  available_quantity?: number | string;
  seller_custom_field?: string | null;
  attributes?: Array<{ id?: string; value_name?: string | null }>;
};

/** An item as the catalogue's provider-neutral product (decision 0685): the SKU from SELLER_SKU, else the seller's custom field. */
export function fromMercadoLivreItem(i: MercadoLivreItem): IncomingProduct {
  const sellerSku = i.attributes?.find((a) => a.id === 'SELLER_SKU')?.value_name;
  return {
    externalId: String(i.id),
    sku: text(sellerSku ?? i.seller_custom_field, 80),
    name: text(i.title, 300) ?? 'Produto',
    priceCents: cents(i.price),
    stock: Math.max(0, Math.round(Number(i.available_quantity) || 0)),
  };
}

/** The item behind an `items` notification, or null when Mercado Livre no longer has it. */
export async function fetchMercadoLivreItem(s: Services, auth: StoreAuth, itemId: string): Promise<IncomingProduct | null> {
  if (!/^[A-Z]{3}\d{1,20}$/.test(itemId)) return null;
  const item = await mercadolivreApi<MercadoLivreItem>(s, auth, `items/${itemId}`, { allow404: true });
  return item ? fromMercadoLivreItem(item) : null;
}
