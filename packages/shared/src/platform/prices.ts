/**
 * The one price table of every paid action (docs/decisions/0120-price-table.md). Prices are whole
 * coins (1 coin ≈ R$ 1; the monthly plan gives 30). Areas never hard-code a price: they name an
 * action and the server charges `priceOf(action, quantity)` through `runPaidAction`.
 */

export type PriceEntry = {
  /** Coins per unit. */
  coins: number;
  /** What the ledger and the screens call it (pt-BR). */
  label: string;
  /** The button's verb ('Analisar · 3 moedas'). */
  verb: string;
  /** Runs on the AI gateway: with the person's own AI key it costs no coins (decision 0121). */
  ai: boolean;
  /** The unit when the price is per item ('lead'); absent for one charge per action. */
  unit?: { singular: string; plural: string };
};

export const PRICES = {
  // Comercial / CRM
  'ai.deal_summary': { coins: 1, label: 'Resumo do negócio com IA', verb: 'Resumir', ai: true },
  'ai.next_step': { coins: 1, label: 'Sugestão de próximo passo com IA', verb: 'Sugerir próximo passo', ai: true },
  'ai.lead_score': { coins: 1, label: 'Pontuação de lead com IA', verb: 'Pontuar lead', ai: true },
  'ai.meeting_analysis': { coins: 5, label: 'Análise de reunião com IA (transcrição incluída)', verb: 'Analisar reunião', ai: true },
  // Atendimento
  'ai.suggested_reply': { coins: 1, label: 'Sugestão de resposta com IA', verb: 'Sugerir resposta', ai: true },
  // Jurídico
  'ai.contract_analysis': { coins: 5, label: 'Análise de contrato com IA', verb: 'Analisar contrato', ai: true },
  'ai.document_draft': { coins: 3, label: 'Rascunho de documento com IA', verb: 'Gerar rascunho', ai: true },
  // RH
  'ai.resume_analysis': { coins: 2, label: 'Análise de currículo com IA', verb: 'Analisar currículo', ai: true },
  'ai.interview_analysis': { coins: 4, label: 'Análise de entrevista com IA', verb: 'Analisar entrevista', ai: true },
  // Financeiro
  'ai.invoice_reading': { coins: 1, label: 'Leitura de boleto ou nota fiscal com IA', verb: 'Ler documento', ai: true },
  'ai.category_suggestion': { coins: 1, label: 'Sugestão de categoria com IA', verb: 'Sugerir categoria', ai: true },
  // Projetos
  'ai.project_from_brief': { coins: 3, label: 'Projeto a partir do briefing com IA', verb: 'Criar projeto', ai: true },
  // Marketing
  'ai.creative_copy': { coins: 2, label: 'Texto de criativo com IA', verb: 'Gerar texto', ai: true },
  // Empresa
  'ai.company_summary': { coins: 1, label: 'Resumo da empresa com IA', verb: 'Resumir', ai: true },
  // Prospecção (data bought per lead, never free: the cost is the data, not the AI)
  'prospect.lead_reveal': {
    coins: 1,
    label: 'Revelação de contato de lead',
    verb: 'Revelar contatos',
    ai: false,
    unit: { singular: 'lead', plural: 'leads' },
  },
  'prospect.deep_search': { coins: 3, label: 'Pesquisa aprofundada de empresa', verb: 'Pesquisar', ai: true },
} as const satisfies Record<string, PriceEntry>;

export type PaidAction = keyof typeof PRICES;
export const PAID_ACTIONS = Object.keys(PRICES) as PaidAction[];

/** Most units one paid action may charge at once (e.g. leads revealed in one go). */
export const MAX_QUANTITY = 500;

/** A total at or above this asks for a confirmation before it is spent (decision 0120). */
export const CONFIRM_THRESHOLD_COINS = 5;

export const isPaidAction = (v: string): v is PaidAction => Object.hasOwn(PRICES, v);

/** Coins one run costs: price per unit × quantity (a whole number ≥ 1 and ≤ MAX_QUANTITY). */
export function priceOf(action: PaidAction, quantity = 1): number {
  if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) {
    throw new RangeError(`quantity must be a whole number from 1 to ${MAX_QUANTITY}`);
  }
  return PRICES[action].coins * quantity;
}

/** '1 moeda', '3 moedas'. */
export const coinsLabel = (n: number) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'moeda' : 'moedas'}`;

/** What an AI action costs with the person's own key, on its button (decision 0383: it says no coins are spent, and why). */
export const OWN_KEY_PRICE_LABEL = 'sem moedas (sua chave de IA)';

/** The button's text: 'Analisar contrato · 5 moedas'; with the person's own key an AI action costs none and says so. */
export function paidActionButtonLabel(action: PaidAction, quantity = 1, opts: { ownKey?: boolean; verb?: string } = {}): string {
  const entry: PriceEntry = PRICES[action];
  const verb = opts.verb ?? entry.verb;
  if (opts.ownKey && entry.ai) return `${verb} · ${OWN_KEY_PRICE_LABEL}`;
  return `${verb} · ${coinsLabel(priceOf(action, quantity))}`;
}

export const PAID_ACTION_MESSAGES = {
  insufficient: (price: number, balance: number) =>
    `Saldo de moedas insuficiente: esta ação custa ${coinsLabel(price)} e a empresa tem ${coinsLabel(balance)}. Compre mais moedas em /comprar-moedas.`,
  duplicate: 'Esta ação já foi executada e cobrada uma vez.',
  failedRefunded: 'A ação falhou e nenhuma moeda foi cobrada.',
  buyPath: '/comprar-moedas',
} as const;
