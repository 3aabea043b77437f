import { z } from 'zod';
import { PRICES, coinsLabel, isPaidAction } from './platform/prices.ts';
import { roleLabel } from './roles.ts';
import { safeText } from './text.ts';

/**
 * Every action the activity log records, each with its own pt-BR words, grouped as the admin's
 * filter shows them (decision 0390). The server logs one of these keys per sensitive action
 * (`logActivity` / `logAudit`); a test reads every call in apps/server/src and checks that its
 * action is here with a label of its own.
 */
export const ACTIVITY_GROUPS = {
  'Equipe e acesso': {
    login: 'Entrou no sistema',
    invitation_sent: 'Convite enviado',
    invitation_resent: 'Convite reenviado',
    invitation_revoked: 'Convite revogado',
    invitation_accepted: 'Convite aceito',
    invitation_declined: 'Convite recusado',
    member_role_changed: 'Função alterada',
    member_removed: 'Membro removido',
    profile_updated: 'Perfil atualizado',
  },
  Empresa: {
    company_updated: 'Dados da empresa alterados',
    company_data_exported: 'Todos os dados da empresa exportados',
    company_closure_requested: 'Encerramento da conta solicitado',
    company_closure_canceled: 'Encerramento da conta cancelado',
  },
  Integrações: {
    webhook_endpoint_created: 'Webhook cadastrado',
    webhook_endpoint_changed: 'Webhook alterado',
    webhook_endpoint_deleted: 'Webhook excluído',
    webhook_secret_rotated: 'Segredo de webhook trocado',
    webhook_endpoint_disabled: 'Webhook desativado por falhas seguidas',
  },
  Moedas: {
    coins_spent: 'Moedas gastas em ação paga',
    coins_refunded: 'Moedas devolvidas (ação paga não concluída)',
  },
  'Arquivos, comentários e tarefas': {
    file_deleted: 'Arquivo excluído',
    file_link_created: 'Link temporário de arquivo gerado',
    file_share_link_created: 'Link de compartilhamento de arquivo criado',
    file_share_link_revoked: 'Link de compartilhamento de arquivo desativado',
    comment_deleted: 'Comentário excluído',
    task_deleted: 'Tarefa excluída',
  },
  'Contatos e LGPD': {
    organization_deleted: 'Organização excluída',
    person_deleted: 'Pessoa excluída',
    person_data_exported: 'Dados de uma pessoa exportados (LGPD)',
    person_data_erased: 'Dados pessoais apagados (LGPD)',
    people_exported: 'Pessoas exportadas',
    organizations_exported: 'Organizações exportadas',
    people_bulk_updated: 'Pessoas alteradas em massa',
    organizations_bulk_updated: 'Organizações alteradas em massa',
    people_bulk_deleted: 'Pessoas excluídas em massa',
    organizations_bulk_deleted: 'Organizações excluídas em massa',
    contacts_imported: 'Contatos importados',
    crm_list_deleted: 'Lista de contatos excluída',
    crm_segment_deleted: 'Segmento de contatos excluído',
  },
  Comercial: {
    deal_deleted: 'Negócio excluído',
    crm_pipeline_created: 'Funil de vendas criado',
    crm_pipeline_renamed: 'Funil de vendas renomeado',
    crm_pipeline_deleted: 'Funil de vendas excluído',
    crm_stage_created: 'Etapa do funil criada',
    crm_stage_updated: 'Etapa do funil alterada',
    crm_stages_reordered: 'Etapas do funil reordenadas',
    crm_stage_deleted: 'Etapa do funil excluída',
    crm_custom_field_created: 'Campo personalizado do CRM criado',
    crm_custom_field_updated: 'Campo personalizado do CRM alterado',
    crm_custom_field_deleted: 'Campo personalizado do CRM excluído',
    crm_targets_updated: 'Metas de vendas definidas',
    crm_target_deleted: 'Meta de vendas excluída',
    product_deleted: 'Produto ou serviço excluído',
    quote_deleted: 'Orçamento excluído',
    quote_sent: 'Orçamento enviado por e-mail',
    prospect_leads_exported: 'Leads da prospecção exportados',
    campaign_sent: 'Campanha disparada',
    campaign_scheduled: 'Campanha agendada',
    campaign_deleted: 'Campanha excluída',
    campaign_sender_changed: 'Remetente das campanhas alterado',
  },
  Atendimento: {
    inbox_settings_changed: 'Configurações do chat do site alteradas',
    inbox_conversation_deleted: 'Conversa do atendimento excluída',
    whatsapp_settings_changed: 'Conta do WhatsApp alterada',
  },
  'E-commerce': {
    ecommerce_store_connected: 'Loja virtual conectada',
    ecommerce_store_disconnected: 'Loja virtual desconectada',
    ecommerce_product_pushed: 'Preço e estoque enviados à loja virtual',
  },
  Financeiro: {
    fin_entry_deleted: 'Lançamento financeiro excluído',
    payment_recorded: 'Baixa registrada',
    payment_undone: 'Baixa desfeita',
    fin_entries_exported: 'Contas a pagar e a receber exportadas',
    finance_report_exported: 'Relatório financeiro exportado',
    finance_package_exported: 'Pacote mensal do contador exportado',
    nfse_settings_changed: 'Configurações da nota fiscal alteradas',
    nfse_issued: 'Nota fiscal (NFS-e) emitida',
    nfse_cancelled: 'Nota fiscal (NFS-e) cancelada',
    nfse_sent: 'Nota fiscal (NFS-e) enviada ao cliente',
    entry_billed_from_crm: 'Conta a receber criada de orçamento ou negócio',
    company_certificate_uploaded: 'Certificado digital A1 enviado',
    company_certificate_removed: 'Certificado digital A1 removido',
    fin_account_updated: 'Conta financeira alterada',
    fin_category_updated: 'Categoria financeira alterada',
    fin_cost_center_updated: 'Centro de custo arquivado ou reativado',
    pix_key_created: 'Chave Pix cadastrada',
    pix_key_deleted: 'Chave Pix excluída',
    pix_api_settings_changed: 'API Pix do banco configurada',
    pix_api_certificate_uploaded: 'Certificado da API Pix enviado',
    pix_api_settings_removed: 'API Pix do banco removida',
    pix_automatic_requested: 'Pix Automático: autorização pedida ao cliente',
    pix_automatic_cancelled: 'Pix Automático cancelado',
    charge_paid: 'Cobrança paga (baixa automática)',
    charge_refund_requested: 'Devolução de recebimento solicitada',
    charge_refunded: 'Recebimento devolvido',
    charge_refund_failed: 'Devolução de recebimento não realizada',
    charge_sent: 'Cobrança enviada por e-mail',
    payment_link_created: 'Link de pagamento gerado',
    payment_link_revoked: 'Link de pagamento cancelado',
    dunning_settings_updated: 'Régua de cobrança alterada',
    dunning_customer_paused: 'Régua de cobrança pausada para um cliente',
    dunning_customer_resumed: 'Régua de cobrança retomada para um cliente',
    payment_provider_changed: 'Configuração do Asaas (boleto) alterada',
    payment_provider_removed: 'Configuração do Asaas (boleto) removida',
    boleto_issued: 'Boleto emitido',
    boleto_cancelled: 'Boleto cancelado',
    boleto_auto_cancel_failed: 'Cancelamento automático de boleto no Asaas falhou',
    asaas_webhook_registered: 'Webhook do Sede registrado no Asaas',
    asaas_webhook_failed: 'Registro do webhook no Asaas falhou',
  },
  Marketing: {
    marketing_client_options_changed: 'Opções da empresa cliente alteradas',
    marketing_client_deleted: 'Empresa cliente do marketing excluída',
    marketing_campaign_deleted: 'Campanha de marketing excluída',
    marketing_approval_link_sent: 'Link de aprovação de peça gerado',
    marketing_approval_link_revoked: 'Link de aprovação de peça cancelado',
    marketing_piece_approved_by_client: 'Peça aprovada pelo cliente',
    marketing_changes_requested_by_client: 'Alterações pedidas pelo cliente',
  },
  RH: {
    employees_exported: 'Lista de colaboradores exportada',
    employee_data_erased: 'Dados de colaborador apagados (LGPD)',
    job_opening_deleted: 'Vaga excluída',
    candidate_deleted: 'Candidato excluído',
    interview_deleted: 'Entrevista excluída',
    recruiting_retention_changed: 'Prazo de retenção de candidatos alterado',
    candidates_erased_by_retention: 'Candidatos apagados pelo prazo de retenção',
  },
  'Jurídico, projetos e reuniões': {
    contract_deleted: 'Contrato excluído',
    envelope_sent: 'Envelope enviado para assinatura',
    envelope_cancelled: 'Envelope de assinatura cancelado',
    envelope_sealing_retried: 'Finalização de envelope tentada de novo',
    envelope_template_archived: 'Modelo de envelope excluído',
    project_deleted: 'Projeto excluído',
    project_column_deleted: 'Coluna de projeto excluída',
    project_task_deleted: 'Tarefa de projeto excluída',
    meeting_deleted: 'Reunião excluída',
  },
  'Integrações (API)': {
    api_key_created: 'Chave de API criada',
    api_key_revoked: 'Chave de API revogada',
    api_call: 'Chamada à API',
  },
} as const satisfies Record<string, Record<string, string>>;

type Groups = typeof ACTIVITY_GROUPS;
type Merge<U> = (U extends unknown ? (k: U) => void : never) extends (k: infer I) => void ? I : never;
/** Every action, flat: key → label. */
export const ACTIVITY_ACTIONS = Object.assign({}, ...Object.values(ACTIVITY_GROUPS)) as Merge<Groups[keyof Groups]>;
export type ActivityAction = keyof typeof ACTIVITY_ACTIONS;
export const ACTIVITY_ACTION_KEYS = Object.keys(ACTIVITY_ACTIONS) as [ActivityAction, ...ActivityAction[]];

/**
 * The generic words of lines written before each action had its own (migration 0016 renames the
 * ones it can tell apart); read only, never logged again.
 */
const EARLIER_ACTIONS: Record<string, string> = {
  entity_deleted: 'Registro excluído',
  data_exported: 'Dados exportados',
  data_erased: 'Dados pessoais apagados (LGPD)',
  settings_changed: 'Configurações alteradas',
  message_sent: 'Envio realizado',
  bulk_updated: 'Alteração em massa',
  data_imported: 'Dados importados',
};

export const activityLabel = (action: string): string => ACTIVITY_ACTIONS[action as ActivityAction] ?? EARLIER_ACTIONS[action] ?? 'Ação registrada';

/** The actions the areas log through logAudit (everything but sign-in, team and profile lines). */
export type AuditAction = Exclude<ActivityAction, keyof Groups['Equipe e acesso'] | 'company_updated'>;

/** What an earlier (generic) audit line named, in Portuguese. */
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
  webhook_endpoint: 'Webhook',
  api_key: 'Chave de API',
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
  whatsapp_account: 'Conta do WhatsApp',
  campaign: 'Campanha',
  campaign_sender: 'Remetente de campanhas',
  marketing_campaign: 'Campanha de marketing',
  marketing_approval_link: 'Link de aprovação de peça (marketing)',
  marketing_client: 'Empresa cliente do marketing',
  meeting: 'Reunião',
};
export const auditEntityLabel = (entity: string) => AUDIT_ENTITIES[entity] ?? 'Registro';

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

export const activityEntrySchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  action: z.string(),
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  /** The API key that acted (decision 0640): the line's actor instead of a person. */
  apiKey: z.object({ id: z.string(), name: z.string(), prefix: z.string() }).nullable().optional(),
  details: z.record(z.string(), z.unknown()),
  userAgent: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityPageSchema = z.object({ entries: z.array(activityEntrySchema), nextBefore: z.number().nullable() });
export type ActivityPage = z.infer<typeof activityPageSchema>;

/** Who did it: the member; without one, the client through a link, the platform itself, or a person whose account is gone. */
export function activityActor(entry: Pick<ActivityEntry, 'user' | 'details'> & { apiKey?: ActivityEntry['apiKey'] }): string {
  if (entry.apiKey) return `Chave de API "${entry.apiKey.name}"`;
  if (entry.user) return entry.user.name;
  if (entry.details.by === 'cliente') return 'Cliente (pelo link de aprovação)';
  if (entry.details.by === 'sistema') return 'Sede (automático)';
  return 'Alguém sem conta';
}

const BULK_OPERATIONS: Record<string, string> = { add_to_list: 'adicionadas a uma lista', tag: 'etiquetas alteradas', assign_owner: 'responsável alterado', delete: 'excluídas' };
const count = (n: unknown, one: string, many: string) => `${String(n)} ${Number(n) === 1 ? one : many}`;

/** One line explaining an entry's details, in Portuguese (never an id or a raw key). */
export function describeActivity(entry: Pick<ActivityEntry, 'action' | 'details'>): string {
  const d = entry.details as Record<string, string | string[] | number | boolean | undefined>;
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
    case 'login':
    case 'profile_updated':
      return '';
    case 'api_call':
      return `${d.method ?? ''} ${d.path ?? ''} → ${d.status ?? ''}`.trim();
    case 'coins_spent':
    case 'coins_refunded': {
      const paid = typeof d.paidAction === 'string' && isPaidAction(d.paidAction) ? PRICES[d.paidAction].label : null;
      return [paid, typeof d.coins === 'number' ? coinsLabel(d.coins) : null].filter(Boolean).join(' · ');
    }
    default: {
      // Audit lines (logAudit): the name when it is not personal data, then the facts that matter.
      const parts: string[] = [];
      if (entry.action in EARLIER_ACTIONS && d.entity) parts.push(auditEntityLabel(String(d.entity)));
      if (d.label) parts.push(String(d.label));
      if (d.format) parts.push(String(d.format).toUpperCase());
      if (d.operation && BULK_OPERATIONS[String(d.operation)] && d.operation !== 'delete') parts.push(BULK_OPERATIONS[String(d.operation)]!);
      if (d.count !== undefined) parts.push(count(d.count, 'registro', 'registros'));
      if (d.recipients !== undefined) parts.push(count(d.recipients, 'destinatário', 'destinatários'));
      if (d.archived === true) parts.push('arquivado');
      if (d.archived === false) parts.push('reativado');
      if (d.coins !== undefined) parts.push(coinsLabel(Number(d.coins)));
      return parts.join(' · ');
    }
  }
}
