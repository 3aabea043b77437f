import type { CnpjProvider } from '../types.ts';
import { brasilapi } from './brasilapi.ts';
import { cnpja } from './cnpja.ts';
import { cnpjws } from './cnpjws.ts';
import { minhareceita } from './minhareceita.ts';
import { receitaws } from './receitaws.ts';

export const PROVIDERS = { brasilapi, minhareceita, receitaws, cnpjws, cnpja } satisfies Record<string, CnpjProvider>;

export type ProviderName = keyof typeof PROVIDERS;

export const PROVIDER_NAMES = Object.keys(PROVIDERS) as ProviderName[];

export const DEFAULT_PROVIDER_ORDER: ProviderName[] = ['brasilapi', 'cnpjws', 'receitaws', 'cnpja'];

export function getProvider(name: string): CnpjProvider {
  if (!Object.hasOwn(PROVIDERS, name)) throw new Error(`Unknown CNPJ provider: ${name}`);
  return PROVIDERS[name as ProviderName];
}
