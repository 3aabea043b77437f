import { z } from 'zod';
import { roleLabel } from './roles.ts';
import { safeText } from './text.ts';

/** What the activity log records (log_user_activity / update_last_login), with pt-BR labels. */
export const ACTIVITY_ACTIONS = {
  login: 'Entrou no sistema',
  invitation_sent: 'Convite enviado',
  invitation_resent: 'Convite reenviado',
  invitation_revoked: 'Convite revogado',
  invitation_accepted: 'Convite aceito',
  invitation_declined: 'Convite recusado',
  member_role_changed: 'Função alterada',
  member_removed: 'Membro removido',
  company_updated: 'Dados da empresa alterados',
  profile_updated: 'Perfil atualizado',
  // The areas' sensitive actions, through logAudit (apps/server/src/platform/audit.ts; decision 0128).
  entity_deleted: 'Registro excluído',
  data_exported: 'Dados exportados',
  data_erased: 'Dados pessoais apagados (LGPD)',
  settings_changed: 'Configurações alteradas',
  message_sent: 'Envio realizado',
  coins_spent: 'Moedas gastas',
  // Finance's settlements (decision 0174).
  payment_recorded: 'Baixa registrada',
  payment_undone: 'Baixa desfeita',
  // The CRM's contact tools (issue 12 item 3; decision 0157).
  bulk_updated: 'Alteração em massa',
  data_imported: 'Dados importados',
  // The company's own data (decision 0136).
  company_closure_requested: 'Encerramento da conta solicitado',
  company_closure_canceled: 'Encerramento da conta cancelado',
} as const;
export type ActivityAction = keyof typeof ACTIVITY_ACTIONS;
export const ACTIVITY_ACTION_KEYS = Object.keys(ACTIVITY_ACTIONS) as [ActivityAction, ...ActivityAction[]];

export const activityLabel = (action: string) => ACTIVITY_ACTIONS[action as ActivityAction] ?? action;

/** The audited actions of the areas (deletion, export, erasure, settings, sending, spending). */
export const AUDIT_ACTIONS = ['entity_deleted', 'data_exported', 'data_erased', 'settings_changed', 'message_sent', 'coins_spent', 'bulk_updated', 'data_imported', 'company_closure_requested', 'company_closure_canceled', 'payment_recorded', 'payment_undone'] as const satisfies readonly ActivityAction[];
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an audit line names, in Portuguese; areas add their entities here. */
export const AUDIT_ENTITIES: Record<string, string> = {
  organization: 'Organização',
  person: 'Pessoa',
  organizations: 'Lista de organizações',
  people: 'Lista de pessoas',
  company: 'Empresa',
  file: 'Arquivo',
  comment: 'Comentário',
  task: 'Tarefa',
  deal: 'Negócio',
  crm_pipeline: 'Funil de vendas',
  crm_stage: 'Etapa do funil',
  crm_custom_field: 'Campo personalizado do CRM',
  company_data: 'Todos os dados da empresa',
  fin_entry: 'Lançamento financeiro',
  contract: 'Contrato',
  fin_entries: 'Lista de contas a pagar e a receber',
  fin_account: 'Conta financeira',
  fin_category: 'Categoria financeira',
  fin_cost_center: 'Centro de custo',
  crm_target: 'Meta de vendas',
  finance_package: 'Pacote mensal do contador (financeiro)',
  finance_report: 'Relatório financeiro',
  crm_list: 'Lista de contatos',
  crm_segment: 'Segmento de contatos',
  crm_import: 'Importação de contatos',
  project: 'Projeto',
  project_column: 'Coluna de projeto',
  prospect_leads: 'Leads da prospecção (Receita Federal)',
  product: 'Produto ou serviço',
  quote: 'Orçamento',
  employee: 'Colaborador',
  employees: 'Lista de colaboradores',
  job_opening: 'Vaga',
  candidate: 'Candidato',
  interview: 'Entrevista',
  recruiting_settings: 'Retenção de dados de candidatos',
  inbox_conversation: 'Conversa do atendimento',
  inbox_settings: 'Configurações do chat do site',
  campaign: 'Campanha',
  campaign_sender: 'Remetente de campanhas',
  marketing_campaign: 'Campanha de marketing',
  marketing_approval_link: 'Link de aprovação de peça (marketing)',
  marketing_client: 'Empresa cliente do marketing',
};
export const auditEntityLabel = (entity: string) => AUDIT_ENTITIES[entity] ?? entity;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const optionalDate = safeText()
  .optional()
  .transform((v) => v?.trim() || undefined)
  .refine((v) => v === undefined || (DATE.test(v) && !Number.isNaN(Date.parse(v))), { message: 'Data inválida' });

/** GET /api/members/activity filters. Dates are calendar days in America/Sao_Paulo. */
export const activityQuerySchema = z.object({
  userId: safeText()
    .optional()
    .transform((v) => v?.trim() || undefined),
  action: safeText()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .refine((v) => v === undefined || v in ACTIVITY_ACTIONS, { message: 'Ação inválida' }),
  from: optionalDate,
  to: optionalDate,
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type ActivityQuery = z.input<typeof activityQuerySchema>;

export type ActivityEntry = {
  id: number;
  createdAt: string;
  action: string;
  user: { id: string; name: string; email: string } | null;
  details: Record<string, unknown>;
  userAgent: string | null;
};

export type ActivityPage = { entries: ActivityEntry[]; nextBefore: number | null };

/** One line explaining an entry's details, in Portuguese. */
export function describeActivity(entry: Pick<ActivityEntry, 'action' | 'details'>): string {
  const d = entry.details as Record<string, string | string[] | undefined>;
  switch (entry.action) {
    case 'invitation_sent':
    case 'invitation_resent':
    case 'invitation_revoked':
    case 'invitation_accepted':
    case 'invitation_declined':
      return [d.email, d.role ? `(${roleLabel(String(d.role))})` : ''].filter(Boolean).join(' ');
    case 'member_role_changed':
      return `${d.memberEmail ?? ''}: ${roleLabel(String(d.from ?? ''))} → ${roleLabel(String(d.to ?? ''))}`.trim();
    case 'member_removed':
      return String(d.memberEmail ?? '');
    case 'company_updated':
      return Array.isArray(d.fields) ? d.fields.join(', ') : '';
    case 'entity_deleted':
    case 'data_exported':
    case 'data_erased':
    case 'settings_changed':
    case 'message_sent':
    case 'coins_spent':
    case 'payment_recorded':
    case 'payment_undone':
    case 'bulk_updated':
    case 'data_imported': {
      // Audit lines (logAudit): the entity, its name when it is not personal data, the format or amount.
      const parts = [d.entity ? auditEntityLabel(String(d.entity)) : '', d.label ? String(d.label) : ''];
      if (d.format) parts.push(`(${String(d.format).toUpperCase()})`);
      if (d.coins !== undefined) parts.push(`${String(d.coins)} moedas`);
      if (d.count !== undefined) parts.push(`${String(d.count)} registro(s)`);
      return parts.filter(Boolean).join(' ');
    }
    default:
      return '';
  }
}
