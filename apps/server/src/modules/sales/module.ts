import { sql } from 'drizzle-orm';
import { defineModule } from '../../platform/module.ts';
import { registerSalesTile } from './public.ts';
import { salesRoutes } from './routes.ts';

const count = new Intl.NumberFormat('pt-BR');

/**
 * /comercial's overview (decision 0163). The tiles of the board and the contact
 * base get a default KPI from the core tables here; the areas that own a tool register theirs
 * (`registerSalesTile`, which replaces these).
 */
export default defineModule({
  key: 'sales',
  area: 'sales',
  mount: '/comercial',
  routes: salesRoutes,
  start: (s) => {
    registerSalesTile(s, {
      tool: 'kanban-leads',
      kpi: async (t) => {
        const { rows } = await t.db.execute<{ n: string }>(sql`SELECT COUNT(*) AS n FROM deals WHERE company_id = ${t.companyId} AND status = 'open'`);
        return { label: 'Negócios abertos', value: count.format(Number(rows[0]!.n)) };
      },
    });
    registerSalesTile(s, {
      tool: 'lista-contatos',
      kpi: async (t) => {
        const { rows } = await t.db.execute<{ n: string }>(sql`SELECT COUNT(*) AS n FROM people WHERE company_id = ${t.companyId}`);
        return { label: 'Pessoas', value: count.format(Number(rows[0]!.n)) };
      },
    });
  },
});
