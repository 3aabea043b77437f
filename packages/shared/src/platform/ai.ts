import { z } from 'zod';

/** Where the web keeps a person's own AI key (removed on sign-out): JSON `{ key, baseUrl?, model? }`. */
export const AI_KEY_STORAGE = 'sede:ai-key';

export type StoredAiKey = { key: string; baseUrl?: string; model?: string };

/** GET /api/ai/status */
export const aiStatusSchema = z.object({ platform: z.boolean(), model: z.string().nullable() });
export type AiStatus = z.infer<typeof aiStatusSchema>;

export const AI_NOT_CONFIGURED_HINT =
  'Configure uma chave de IA em Meu perfil ou peça ao administrador para configurar a IA do servidor.';

/** The form of Meu perfil → IA. */
export const aiKeyFormSchema = z.object({
  key: z
    .string()
    .trim()
    .min(1, 'Cole a sua chave de IA.')
    .max(1000, 'A chave deve ter no máximo 1.000 caracteres.')
    .regex(/^\S+$/, 'A chave não pode ter espaços.'),
  baseUrl: z
    .string()
    .trim()
    .max(500, 'O endereço deve ter no máximo 500 caracteres.')
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'Use um endereço http(s) completo, por exemplo https://api.openai.com/v1.'),
  model: z.string().trim().max(200, 'O modelo deve ter no máximo 200 caracteres.'),
});
export type AiKeyForm = z.input<typeof aiKeyFormSchema>;

/** POST /api/ai/test → */
export const aiTestResultSchema = z.object({ ok: z.literal(true), source: z.enum(['platform', 'own']), model: z.string() });
export type AiTestResult = z.infer<typeof aiTestResultSchema>;

/** POST /api/ai/company-summary: the request id makes a retried click charge once. */
export const companySummaryRequestSchema = z.object({
  requestId: z.uuid('Identificador do pedido inválido.'),
});

/** The structured answer of 'Resumo da empresa' (prompt company-summary.v1). */
export const companySummarySchema = z.object({
  resumo: z.string().min(1).max(1200),
  oportunidades: z.array(z.string().min(1).max(300)).max(3),
});
export type CompanySummary = z.output<typeof companySummarySchema>;
export const companySummaryResultSchema = z.object({ summary: companySummarySchema, charged: z.number(), balance: z.number() });
export type CompanySummaryResult = z.infer<typeof companySummaryResultSchema>;
