import { z } from 'zod';

/**
 * /comercial's overview (decision 0163): the KPIs and the tiles into every
 * Comercial tool. Each tool's KPI comes from the module that owns it (registerSalesTile).
 */
export const SALES_TOOLS = {
  'kanban-leads': { title: 'Kanban de leads', path: '/kanban-leads', description: 'Negócios por etapa do funil' },
  'lista-contatos': { title: 'Listas de contatos', path: '/lista-contatos', description: 'Pessoas, organizações e listas' },
  metricas: { title: 'Métricas', path: '/metricas', description: 'Funil, ganhos, metas e ciclo de vendas' },
  'analise-reunioes': { title: 'Análise de reuniões', path: '/analise-reunioes', description: 'Transcrição e análise com IA' },
  'extrair-leads-cnpj': { title: 'Extrair leads/CNPJ', path: '/extrair-leads-cnpj', description: 'Empresas por CNPJ, atividade e região' },
  'campanhas-massa': { title: 'Campanhas em massa', path: '/campanhas-massa', description: 'E-mail e WhatsApp para listas' },
  atendimento: { title: 'Atendimento', path: '/atendimento', description: 'Caixa de entrada do atendimento' },
} as const;
export type SalesTool = keyof typeof SALES_TOOLS;
export const SALES_TOOL_KEYS = Object.keys(SALES_TOOLS) as SalesTool[];

const salesKpiSchema = z.object({ label: z.string(), value: z.string() });
export type SalesKpi = z.infer<typeof salesKpiSchema>;
const salesTileSchema = z.object({
  tool: z.enum(SALES_TOOL_KEYS as [SalesTool, ...SalesTool[]]),
  title: z.string(),
  path: z.string(),
  description: z.string(),
  kpi: salesKpiSchema.nullable(),
});
export type SalesTile = z.infer<typeof salesTileSchema>;

/** GET /api/comercial/overview (the route's contract; the type is derived from it). */
export const salesOverviewSchema = z.object({
  openPipelineCents: z.number(),
  openDeals: z.number(),
  weightedPipelineCents: z.number(),
  wonThisMonthCents: z.number(),
  wonThisMonthCount: z.number(),
  /** Won ÷ (won + lost) closed in the last 90 days, 0–1; null with nothing closed. */
  conversionRate: z.number().nullable(),
  dealsWithoutNextActivity: z.number(),
  overdueActivities: z.number(),
  tiles: z.array(salesTileSchema),
});
export type SalesOverview = z.infer<typeof salesOverviewSchema>;

export const SALES_TABS = ['visao-geral', 'produtos', 'orcamentos'] as const;
export type SalesTab = (typeof SALES_TABS)[number];
