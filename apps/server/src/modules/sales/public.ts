import type { SalesKpi, SalesTool } from '@sede/shared/crm/sales';
import { serverState } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';

export type SalesTileProvider = { tool: SalesTool; kpi: (tenant: Tenant) => Promise<SalesKpi | null> };

const registry = (s: Services) => serverState(s, 'sales.tiles', () => new Map<SalesTool, SalesTileProvider>());

/**
 * A Comercial tool's KPI on /comercial's tile (decision 0163): call it in the module's `start`,
 * e.g. `registerSalesTile(s, { tool: 'atendimento', kpi: async (t) => ({ label: 'Conversas abertas', value: '12' }) })`.
 * One provider per tool: a later registration replaces an earlier one.
 */
export function registerSalesTile(s: Services, provider: SalesTileProvider): void {
  registry(s).set(provider.tool, provider);
}

export const salesTileProviders = (s: Services) => registry(s);
