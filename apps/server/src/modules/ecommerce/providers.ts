import type { Provider } from '@sede/shared/ecommerce/schemas';
import { mercadolivre } from './mercadolivre/provider.ts';
import { nuvemshop } from './nuvemshop/provider.ts';
import type { EcommerceProvider } from './provider.ts';

export const ECOMMERCE_PROVIDERS: Record<Provider, EcommerceProvider> = { nuvemshop, mercadolivre };

/** A stored store's provider (the column is text: a provider unknown here is a programming error). */
export function providerOf(key: string): EcommerceProvider {
  const p = ECOMMERCE_PROVIDERS[key as Provider];
  if (!p) throw new Error(`unknown e-commerce provider ${key}`);
  return p;
}
