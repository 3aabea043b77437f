import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { type ReactElement, useState } from 'react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomField } from '@sede/shared/crm/deals';
import type { FinEntry } from '@sede/shared/finance/entries';
import type { FinRegisters } from '@sede/shared/finance/registers';
import type { CampaignDetail } from '@sede/shared/marketing/campaigns';
import { QuoteDialog } from '../components/crm-quotes/quote-dialog.tsx';
import { CustomFieldsInputs, valuesOf, type CustomFieldDrafts } from '../components/crm-custom-fields/custom-fields-inputs.tsx';
import { ProductDialog } from '../features/sales/components/product-dialog.tsx';
import { DealForm } from '../features/crm-board/components/deal-form.tsx';
import { TargetsDialog } from '../features/crm-metrics/components/targets.tsx';
import { EntryDialog } from '../features/finance/components/entry-dialog.tsx';
import { SettleDialog } from '../features/finance/components/settle-dialog.tsx';
import { AccountDialog } from '../features/finance/components/registers/account-dialog.tsx';
import { ContractDialog } from '../features/legal/components/contract-dialog.tsx';
import { CampaignDialog } from '../features/marketing/components/campaigns/campaign-dialog.tsx';
import { FinishDialog } from '../features/marketing/components/campaigns/finish-dialog.tsx';
import { EmployeeDialog } from '../features/hr/components/employee-dialog.tsx';
import CapitalFilters from '../features/prospecting/pages/extrair-leads-cnpj-page.tsx';
import { renderWithProviders } from '../../test/render.tsx';

/**
 * Every money field of every area is the one money input (issue item 9): each one is typed the
 * Brazilian way and the cents the page sends (or hands on) are checked. A field added without the
 * input belongs in this list.
 */
type Sent = { method: string; url: string; body: unknown };
let sent: Sent[] = [];
let handedOn: unknown[] = [];

const moneyField: CustomField = { id: 'f1', entity: 'deal', key: 'verba', label: 'Verba', type: 'money', options: [], required: false, position: 0 };
const GET_ANSWERS: Array<[RegExp, unknown]> = [
  [/\/api\/rh\/employees/, { employees: [], nextCursor: null, total: 0 }],
  [/\/api\/marketing\/clients/, { clients: [{ id: 'c1', name: 'Padaria Pão Quente', archived: false }] }],
  [/\/api\/crm\/custom-fields/, { fields: [moneyField] }],
  [/\/api\/comments\/mentionable/, { members: [] }],
  [/\/api\/crm-quotes\/products/, { items: [] }],
  [/\/api\/finance\/entries\/e1/, { id: 'e1', payments: [] }],
  [/\/api\/prospecting\/status/, { imported: true }],
  [/\/api\/prospecting\/search/, { rows: [], total: 0, exact: true }],
];

beforeEach(() => {
  sent = [];
  handedOn = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const url = String(input);
    if (method !== 'GET') sent.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const answer = method === 'GET' ? (GET_ANSWERS.find(([re]) => re.test(url))?.[1] ?? {}) : { id: 'x1', items: [], entry: { status: 'paid', openCents: 0 }, ...(init.body ? JSON.parse(String(init.body)) : {}) };
    return new Response(JSON.stringify(answer), { status: method === 'POST' ? 201 : 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

const lastBody = () => sent.at(-1)?.body as Record<string, unknown>;
const registers = { accounts: [{ id: 'a1', name: 'Itaú PJ', archived: false }], categories: [], costCenters: [] } as unknown as FinRegisters;
const openEntry = { id: 'e1', kind: 'payable', description: 'Aluguel', amountCents: 999_999_999, paidCents: 0, openCents: 999_999_999, dueDate: '2099-12-31', status: 'open', accountId: 'a1' } as FinEntry;
const campaign = { id: 'k1', clientId: 'c1', name: 'Dia das Mães', reach: null, clicks: null, leads: null, spendCents: null, summary: null } as unknown as CampaignDetail;

function CustomFieldsHarness() {
  const [drafts, setDrafts] = useState<CustomFieldDrafts>({ verba: null });
  handedOn.push(valuesOf([moneyField], drafts).verba);
  return <CustomFieldsInputs entity="deal" fields={[moneyField]} drafts={drafts} onChange={setDrafts} />;
}
function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

type Case = {
  name: string;
  ui: () => ReactElement;
  label: string;
  /** Fills the form's other required fields. */
  fill?: (user: UserEvent) => Promise<void>;
  /** The button that sends; none when the value is handed on as typed. */
  submit?: string;
  cents: () => unknown;
};

const CASES: Case[] = [
  {
    name: 'RH: salário',
    ui: () => <EmployeeDialog open onOpenChange={() => {}} />,
    label: 'Salário (R$)',
    fill: async (user) => {
      await user.type(screen.getByLabelText('Nome completo'), 'João da Silva');
      await user.type(screen.getByLabelText('CPF'), '52998224725');
      await user.type(screen.getByLabelText('Data de admissão'), '2020-03-02');
    },
    submit: 'Cadastrar',
    cents: () => lastBody()?.salaryCents,
  },
  {
    name: 'Marketing: orçamento da campanha',
    ui: () => <CampaignDialog open onOpenChange={() => {}} clientId="c1" />,
    label: 'Orçamento (R$)',
    fill: async (user) => user.type(screen.getByLabelText('Nome da campanha'), 'Dia das Mães'),
    submit: 'Criar campanha',
    cents: () => lastBody()?.budgetCents,
  },
  { name: 'Marketing: investimento da campanha concluída', ui: () => <FinishDialog open onOpenChange={() => {}} campaign={campaign} />, label: 'Investimento (R$)', submit: 'Concluir', cents: () => lastBody()?.spendCents },
  {
    name: 'CRM: valor do negócio',
    ui: () => <DealForm deal={null} stages={[{ id: 's1', name: 'Contato' } as never]} defaultStageId="s1" currentUserId="u1" submitLabel="Criar negócio" onSubmit={(v) => handedOn.push(v.valueCents)} />,
    label: 'Valor (R$)',
    fill: async (user) => user.type(screen.getByLabelText('Título'), 'Padaria'),
    submit: 'Criar negócio',
    cents: () => handedOn.at(-1),
  },
  {
    name: 'CRM: campo personalizado em reais do negócio',
    ui: () => <DealForm deal={null} stages={[{ id: 's1', name: 'Contato' } as never]} defaultStageId="s1" currentUserId="u1" submitLabel="Criar negócio" onSubmit={(v) => handedOn.push(v.customFields?.verba)} />,
    label: 'Verba',
    fill: async (user) => user.type(screen.getByLabelText('Título'), 'Padaria'),
    submit: 'Criar negócio',
    cents: () => handedOn.at(-1),
  },
  { name: 'CRM: campo personalizado em reais de contatos', ui: () => <CustomFieldsHarness />, label: 'Verba', cents: () => handedOn.at(-1) },
  {
    name: 'Orçamento: preço unitário',
    ui: () => <QuoteDialog open onOpenChange={() => {}} dealId="d1" />,
    label: 'Preço unitário (R$)',
    fill: async (user) => user.type(screen.getByLabelText('Descrição'), 'Serviço'),
    submit: 'Criar orçamento',
    cents: () => (lastBody()?.items as Array<{ unitPriceCents: number }> | undefined)?.[0]?.unitPriceCents,
  },
  {
    name: 'Orçamento: desconto do item',
    ui: () => <QuoteDialog open onOpenChange={() => {}} dealId="d1" />,
    label: 'Desconto (R$)',
    fill: async (user) => {
      await user.type(screen.getByLabelText('Descrição'), 'Serviço');
      await user.type(screen.getByLabelText('Preço unitário (R$)'), '2.000.000,00');
    },
    submit: 'Criar orçamento',
    cents: () => (lastBody()?.items as Array<{ discountCents: number }> | undefined)?.[0]?.discountCents,
  },
  {
    name: 'Orçamento: desconto no total',
    ui: () => <QuoteDialog open onOpenChange={() => {}} dealId="d1" />,
    label: 'Desconto no total (R$)',
    fill: async (user) => {
      await user.type(screen.getByLabelText('Descrição'), 'Serviço');
      await user.type(screen.getByLabelText('Preço unitário (R$)'), '2.000.000,00');
    },
    submit: 'Criar orçamento',
    cents: () => lastBody()?.discountCents,
  },
  {
    name: 'Catálogo: preço do produto',
    ui: () => <ProductDialog product={null} onClose={() => {}} />,
    label: 'Preço (R$)',
    fill: async (user) => user.type(screen.getByLabelText('Nome'), 'Pão de forma'),
    submit: 'Salvar',
    cents: () => lastBody()?.priceCents,
  },
  {
    name: 'Métricas: meta de vendas',
    ui: () => <TargetsDialog open onOpenChange={() => {}} rows={[]} months={['2026-03']} owners={[{ id: 'u1', name: 'Ana Vendas' } as never]} />,
    label: 'Ana Vendas',
    submit: 'Salvar metas',
    cents: () => (lastBody()?.targets as Array<{ targetCents: number }> | undefined)?.[0]?.targetCents,
  },
  {
    name: 'Jurídico: valor total do contrato',
    ui: () => <ContractDialog open onOpenChange={() => {}} />,
    label: 'Valor total (R$)',
    fill: async (user) => user.type(screen.getByLabelText('Título'), 'Locação da sede'),
    submit: 'Cadastrar',
    cents: () => lastBody()?.valueCents,
  },
  {
    name: 'Financeiro: valor do lançamento',
    ui: () => <EntryDialog open onOpenChange={() => {}} kind="payable" registers={registers} />,
    label: 'Valor (R$)',
    fill: async (user) => user.type(screen.getByLabelText('Descrição'), 'Aluguel'),
    submit: 'Salvar',
    cents: () => lastBody()?.amountCents,
  },
  ...(['Valor principal (R$)', 'Desconto (R$)', 'Juros (R$)', 'Multa (R$)'] as const).map(
    (label): Case => ({
      name: `Financeiro: baixa, ${label}`,
      ui: () => <SettleDialog entry={openEntry} onClose={() => {}} registers={registers} canUndo={false} />,
      label,
      submit: 'Confirmar baixa',
      cents: () => lastBody()?.[{ 'Valor principal (R$)': 'amountCents', 'Desconto (R$)': 'discountCents', 'Juros (R$)': 'interestCents', 'Multa (R$)': 'fineCents' }[label]],
    }),
  ),
  {
    name: 'Financeiro: saldo inicial da conta',
    ui: () => <AccountDialog account="new" onClose={() => {}} />,
    label: 'Saldo inicial (R$)',
    fill: async (user) => user.type(screen.getByLabelText('Nome'), 'Itaú PJ'),
    submit: 'Salvar',
    cents: () => lastBody()?.openingBalanceCents,
  },
  {
    name: 'Prospecção: capital social mínimo',
    ui: () => (
      <>
        <CapitalFilters />
        <Search />
      </>
    ),
    label: 'Capital social mínimo (R$)',
    submit: 'Buscar empresas',
    cents: () => {
      const reais = new URLSearchParams(screen.getByTestId('search').textContent ?? '').get('capitalMin');
      return reais === null ? null : Math.round(Number(reais) * 100);
    },
  },
];

const AMOUNTS: Array<[string, number]> = [
  ['6.500,00', 650_000],
  ['0,01', 1],
  ['1.234.567,89', 123_456_789],
];

describe('every money field is the one money input', () => {
  describe.each(CASES)('$name', (c) => {
    it.each(AMOUNTS)('typed %s: %i cents', async (typed, expected) => {
      const user = userEvent.setup();
      renderWithProviders(c.ui());
      const input = await screen.findByLabelText(c.label, {}, { timeout: 5000 });
      await c.fill?.(user);
      await user.clear(input);
      await user.type(input, typed);
      await user.tab();
      expect(input).toHaveProperty('value', typed);
      if (c.submit) await user.click(within(input.closest('form')!).getByRole('button', { name: c.submit }));
      await waitFor(() => expect(c.cents()).toBe(expected));
    });
  });
});
