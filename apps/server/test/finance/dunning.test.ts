import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DunningHistory, DunningPause, DunningSettings, OverdueList } from '@sede/shared/finance/dunning';
import { money } from '@sede/shared/format';
import { addDays } from '@sede/shared/platform/calendar';
import { runDunning } from '../../src/modules/finance-dunning/run.ts';
import { settleCharge } from '../../src/modules/finance-pix/public.ts';
import { manualClock } from '../support/clock.ts';
import { startFakeWhatsapp, type FakeWhatsapp } from '../support/fake-whatsapp.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person as Member } from '../team/support.ts';
import { seedAccount, seedEntry } from './support.ts';

/** The collection rule (decisions 0580–0583), its daily job driven with a fake clock, e-mail through the dev mailbox and WhatsApp through the fake Graph API. */
const TODAY = '2026-12-10';
const DAY = 86_400_000;
// 8h in Brasília (11h UTC): the schedule's hour.
const clock = manualClock(Date.parse(`${TODAY}T11:00:00Z`));

let server: TestServer;
let fake: FakeWhatsapp;
let companyId: string;
let fin: Member;
let companyAdmin: Member;
let vendas: Member;
let outsider: Member;
let outsiderCompanyId: string;
let accountId: string;

const api = async <T = unknown>(path: string, who: Member | null, init: { method?: string; json?: unknown } = {}) => {
  const res = await server.request(path.startsWith('/api') ? path : `/api/finance/dunning${path}`, { method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'), json: init.json, jar: who?.jar });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T & { error?: string; code?: string } };
};
const today = () => new Date(clock.now()).toISOString().slice(0, 10);
const org = async (name: string, email: string | null, phone: string | null = null) =>
  (await sql(server, `insert into organizations (company_id, razao_social, email, phone) values ($1, $2, $3, $4) returning id`, [companyId, name, email, phone]))[0]!.id as string;
const person = async (name: string, emails: string[], phones: string[] = []) =>
  (await sql(server, `insert into people (company_id, name, emails, phones) values ($1, $2, $3, $4) returning id`, [companyId, name, emails, phones]))[0]!.id as string;
const receivable = async (o: { description: string; dueIn: number; organizationId?: string; personId?: string; status?: string; paidCents?: number; amountCents?: number }) => {
  const id = await seedEntry(server, companyId, { kind: 'receivable', description: o.description, amountCents: o.amountCents ?? 300_00, dueDate: addDays(today(), o.dueIn), status: o.status, paidCents: o.paidCents });
  await sql(server, `update fin_entries set organization_id = $2, person_id = $3 where id = $1`, [id, o.organizationId ?? null, o.personId ?? null]);
  return id;
};
const mailbox = async (to: string) => ((await (await server.request(`/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json()) as { messages: Array<{ subject: string; text: string; html: string }> }).messages;
const messagesOf = (entryId: string) => sql(server, `select step, channel, status, reason from fin_dunning_messages where entry_id = $1 order by step, channel`, [entryId]);
const run = () => runDunning(server.services, new Date(clock.now()));

beforeAll(async () => {
  fake = await startFakeWhatsapp();
  server = await startTestServer({ WHATSAPP_GRAPH_URL: fake.baseUrl }, { clock });
  const a = await createCompanyWithAdmin(server, 'Estúdio Régua Ltda');
  companyId = a.companyId;
  companyAdmin = a.admin;
  fin = await memberOf(server, companyId, 'financeiro');
  vendas = await memberOf(server, companyId, 'vendas');
  const o = await createCompanyWithAdmin(server, 'Outra Empresa');
  outsider = o.admin;
  outsiderCompanyId = o.companyId;
  accountId = await seedAccount(server, companyId, { name: 'Banco Inter', bankCode: '077' });
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

describe('the rule', () => {
  it('starts with the defaults on and says what is missing', async () => {
    const res = await api<DunningSettings>('/settings', fin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ enabled: true, daysBefore: [3], onDueDate: true, daysAfter: [1, 3, 7, 15], email: true, whatsapp: false, isDefault: true, hasPixKey: false, whatsappConnected: false });
    await sql(server, `insert into fin_pix_keys (company_id, account_id, type, key, is_default) values ($1, $2, 'email', 'financeiro@regua.com.br', true)`, [companyId, accountId]);
    expect((await api<DunningSettings>('/settings', fin)).body.hasPixKey).toBe(true);
  });

  it('refuses bad rules in Portuguese', async () => {
    const base = { enabled: true, daysBefore: [3], onDueDate: true, daysAfter: [1, 3], email: true, whatsapp: false, whatsappTemplate: null };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ daysAfter: [-1] }, 'Os dias dos lembretes não podem ser negativos nem zero: use "no dia do vencimento" para o próprio dia.'],
      [{ daysBefore: [0] }, 'Os dias dos lembretes não podem ser negativos nem zero: use "no dia do vencimento" para o próprio dia.'],
      [{ daysAfter: [1, 2, 3, 4, 5, 6, 7] }, 'No máximo 6 lembretes depois do vencimento.'],
      [{ daysBefore: [1, 2, 3, 4] }, 'No máximo 3 lembretes antes do vencimento.'],
      [{ daysAfter: [91] }, 'Lembretes depois do vencimento: no máximo 90 dias depois.'],
      [{ daysAfter: [3, 3] }, 'Há dias repetidos nos lembretes.'],
      [{ daysAfter: [1.5] }, 'Os dias dos lembretes devem ser números inteiros.'],
      [{ email: false, whatsapp: false }, 'Escolha ao menos um canal (e-mail ou WhatsApp) para a régua ativa.'],
      [{ whatsapp: true }, 'Escolha o modelo aprovado de WhatsApp para enviar lembretes por WhatsApp.'],
      [{ whatsapp: true, whatsappTemplate: { name: 'cobranca', language: 'pt_BR' } }, 'Conecte o WhatsApp da empresa em Atendimento para lembrar por WhatsApp.'],
    ];
    for (const [patch, error] of cases) {
      const res = await api('/settings', fin, { method: 'PUT', json: { ...base, ...patch } });
      expect([res.status, res.body.error], JSON.stringify(patch)).toEqual([400, error]);
    }
    expect((await api<DunningSettings>('/settings', fin)).body.isDefault).toBe(true);
    const saved = await api<DunningSettings>('/settings', fin, { method: 'PUT', json: { ...base, daysAfter: [15, 1, 3, 7] } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ daysAfter: [1, 3, 7, 15], isDefault: false });
    const [log] = await sql(server, `select count(*)::int as n from activity_log where company_id = $1 and action = 'dunning_settings_updated'`, [companyId]);
    expect(log!.n).toBe(1);
  });

  it('pauses and resumes a customer; an unknown or foreign customer is 404', async () => {
    const acme = await org('Acme Pausada Ltda', 'pausada@acme.com.br');
    const pause = await api<DunningPause>('/pauses', fin, { json: { partyType: 'organization', partyId: acme } });
    expect(pause.status, JSON.stringify(pause.body)).toBe(201);
    expect(pause.body).toMatchObject({ partyType: 'organization', partyId: acme, name: 'Acme Pausada Ltda' });
    // Pausing again answers the same pause.
    expect((await api<DunningPause>('/pauses', fin, { json: { partyType: 'organization', partyId: acme } })).body.id).toBe(pause.body.id);
    const unknown = await api('/pauses', fin, { json: { partyType: 'person', partyId: '00000000-0000-4000-8000-000000000000' } });
    expect([unknown.status, unknown.body.error]).toEqual([404, 'Cliente não encontrado.']);
    const badType = await api('/pauses', fin, { json: { partyType: 'cliente', partyId: acme } });
    expect([badType.status, badType.body.error]).toEqual([400, 'Escolha o tipo do cliente (empresa ou pessoa).']);
    expect((await api<{ items: DunningPause[] }>('/pauses', fin)).body.items.map((p) => p.id)).toEqual([pause.body.id]);
    expect((await api(`/pauses/${pause.body.id}`, fin, { method: 'DELETE' })).status).toBe(200);
    const gone = await api(`/pauses/${pause.body.id}`, fin, { method: 'DELETE' });
    expect([gone.status, gone.body.error]).toEqual([404, 'Esta pausa não existe mais.']);
  });
});

describe('the daily job', () => {
  it('sends each due step once, skips paid, cancelled and paused, stops at payment, and shows it on the receivable', async () => {
    await api('/settings', fin, { method: 'PUT', json: { enabled: true, daysBefore: [3], onDueDate: true, daysAfter: [1, 3, 7, 15], email: true, whatsapp: false, whatsappTemplate: null } });
    const alfa = await org('Alfa Comércio Ltda', 'contas@alfa.com.br');
    const beta = await person('Bruna Beta', ['bruna@beta.com.br']);
    const gama = await org('Gama Pausada Ltda', 'gama@gama.com.br');
    const semEmail = await org('Sem Email Ltda', null);
    const before = await receivable({ description: 'Mensalidade janeiro', dueIn: 3, organizationId: alfa });
    const onDay = await receivable({ description: 'Projeto site', dueIn: 0, personId: beta });
    const late1 = await receivable({ description: 'Consultoria novembro', dueIn: -1, organizationId: alfa, amountCents: 450_00 });
    const late2 = await receivable({ description: 'Manutenção outubro', dueIn: -2, organizationId: alfa });
    const old = await receivable({ description: 'Antiga', dueIn: -40, organizationId: alfa });
    const between = await receivable({ description: 'Entre passos', dueIn: 2, organizationId: alfa });
    const paid = await receivable({ description: 'Paga', dueIn: -1, organizationId: alfa, status: 'paid', paidCents: 300_00 });
    const cancelled = await receivable({ description: 'Cancelada', dueIn: -1, organizationId: alfa, status: 'cancelled' });
    const paused = await receivable({ description: 'Pausada', dueIn: -1, organizationId: gama });
    const noEmail = await receivable({ description: 'Sem e-mail', dueIn: -1, organizationId: semEmail });
    const noParty = await receivable({ description: 'Sem cliente', dueIn: -1 });
    const pause = await api<DunningPause>('/pauses', fin, { json: { partyType: 'organization', partyId: gama } });

    // Two runs at once (two instances): every step still goes out once.
    const [a, b] = await Promise.all([run(), run()]);
    expect(a + b).toBe(5);
    expect(await messagesOf(before)).toEqual([{ step: -3, channel: 'email', status: 'sent', reason: null }]);
    expect(await messagesOf(onDay)).toEqual([{ step: 0, channel: 'email', status: 'sent', reason: null }]);
    expect(await messagesOf(late1)).toEqual([{ step: 1, channel: 'email', status: 'sent', reason: null }]);
    // Two days late: step 1 was missed yesterday and is still the latest one that came due.
    expect(await messagesOf(late2)).toEqual([{ step: 1, channel: 'email', status: 'sent', reason: null }]);
    expect(await messagesOf(noEmail)).toEqual([{ step: 1, channel: 'email', status: 'skipped', reason: 'Cliente sem e-mail cadastrado.' }]);
    // Two days before: the 3-days-before step was missed yesterday; it is still the latest.
    expect(await messagesOf(between)).toEqual([{ step: -3, channel: 'email', status: 'sent', reason: null }]);
    for (const id of [old, paid, cancelled, paused, noParty]) expect(await messagesOf(id)).toEqual([]);

    const alfaMail = await mailbox('contas@alfa.com.br');
    expect(alfaMail.map((m) => m.subject).sort()).toEqual([
      `Cobrança em atraso: Consultoria novembro — ${money(450_00)}`,
      `Cobrança em atraso: Manutenção outubro — ${money(300_00)}`,
      `Lembrete: Entre passos vence em ${day(addDays(TODAY, 2))}`,
      `Lembrete: Mensalidade janeiro vence em ${day(addDays(TODAY, 3))}`,
    ]);
    const lateMail = alfaMail.find((m) => m.subject.includes('Consultoria'))!;
    const url = /https?:\/\/\S+\/pagar\/[\w-]+/.exec(lateMail.text)![0];
    // The link is the payment page's, alive.
    const page = await api<{ amountCents: number; status: string }>(`/api/public/payments/${url.split('/pagar/')[1]}`, null);
    expect(page.body).toMatchObject({ amountCents: 450_00, status: 'open' });
    expect((await mailbox('bruna@beta.com.br')).map((m) => m.subject)).toEqual([`Vence hoje: Projeto site — ${money(300_00)}`]);

    // The same day again: nothing new.
    expect(await run()).toBe(0);
    expect(await mailbox('contas@alfa.com.br')).toHaveLength(4);

    // The customer pays 'Projeto site' (settled by the one settlement): the rest of its steps never go out.
    const [charge] = await sql(server, `select id, amount_cents from fin_charges where entry_id = $1 and status = 'open'`, [onDay]);
    await settleCharge(server.services, { companyId, provider: 'pix_static', externalEventId: 'E-regua-1', chargeId: charge!.id as string, amountCents: Number(charge!.amount_cents), paidAt: new Date(clock.now()) });

    // Two days later (day +2): late1 reaches step 3, onDay would reach step 1 but is paid; the paused customer resumes and gets its latest step.
    expect((await api(`/pauses/${pause.body.id}`, fin, { method: 'DELETE' })).status).toBe(200);
    clock.advance(2 * DAY);
    expect(await run()).toBe(4);
    expect(await messagesOf(onDay)).toEqual([{ step: 0, channel: 'email', status: 'sent', reason: null }]);
    expect((await messagesOf(late1)).map((m) => m.step)).toEqual([1, 3]);
    expect((await messagesOf(paused)).map((m) => [m.step, m.status])).toEqual([[3, 'sent']]);
    expect((await messagesOf(between)).map((m) => [m.step, m.status])).toEqual([[-3, 'sent'], [0, 'sent']]);
    expect((await messagesOf(late2)).map((m) => m.step)).toEqual([1, 3]);
    expect(await mailbox('bruna@beta.com.br')).toHaveLength(1);

    // What was sent shows on the receivable, the newest first.
    const history = await api<DunningHistory>(`/entries/${late1}/history`, fin);
    expect(history.status).toBe(200);
    expect(history.body.paused).toBe(false);
    expect(history.body.items.map((i) => [i.step, i.channel, i.status, i.to])).toEqual([
      [3, 'email', 'sent', 'contas@alfa.com.br'],
      [1, 'email', 'sent', 'contas@alfa.com.br'],
    ]);
    expect(history.body.items[0]!.sentAt).toBeTruthy();
    const missing = await api(`/entries/00000000-0000-4000-8000-000000000000/history`, fin);
    expect([missing.status, missing.body.error]).toEqual([404, 'Lançamento não encontrado.']);

    // A rule turned off sends nothing.
    await api('/settings', fin, { method: 'PUT', json: { enabled: false, daysBefore: [3], onDueDate: true, daysAfter: [1, 3, 7, 15], email: true, whatsapp: false, whatsappTemplate: null } });
    clock.advance(4 * DAY);
    expect(await run()).toBe(0);
  });

  it('lists the overdue receivables with days late, customer and the total', async () => {
    const res = await api<OverdueList>('/overdue', fin);
    expect(res.status).toBe(200);
    const rows = await sql(server, `select count(*)::int as n, sum(amount_cents - paid_cents)::float8 as total from fin_entries where company_id = $1 and kind = 'receivable' and status = 'open' and due_date < $2`, [companyId, today()]);
    expect(res.body.count).toBe(rows[0]!.n);
    expect(res.body.totalCents).toBe(rows[0]!.total);
    const oldest = res.body.items[0]!;
    expect(oldest).toMatchObject({ description: 'Antiga', daysLate: 46, customer: { type: 'organization', name: 'Alfa Comércio Ltda' }, openCents: 300_00, pauseId: null });
    const late = res.body.items.find((i) => i.description === 'Consultoria novembro')!;
    expect(late.daysLate).toBe(7);
    expect(late.lastReminderAt).toBeTruthy();
    expect(res.body.items.find((i) => i.description === 'Sem cliente')!.customer).toBeNull();
    expect(res.body.items.some((i) => i.description === 'Paga' || i.description === 'Projeto site')).toBe(false);
  });
});

describe('WhatsApp', () => {
  it('sends the chosen approved template with the customer, amount, due date and payment link', async () => {
    const put = await server.request('/api/whatsapp/settings', { method: 'PUT', jar: companyAdmin.jar, json: { phoneNumberId: fake.phoneNumberId, wabaId: '400000000077', accessToken: 'EAAG-regua', appSecret: 'segredo-regua' } });
    expect(put.status, await put.clone().text()).toBe(200);
    fake.templates = [
      {
        name: 'lembrete_cobranca',
        language: 'pt_BR',
        status: 'APPROVED',
        components: [
          { type: 'BODY', text: 'Olá {{1}}, a cobrança "{{2}}" de {{3}} vence em {{4}}. Pague em {{5}}' },
          { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Pagar', url: 'https://app.exemplo.com.br/pagar/{{1}}' }] },
        ],
      },
      { name: 'promo', language: 'pt_BR', status: 'APPROVED', components: [{ type: 'HEADER', format: 'IMAGE' }, { type: 'BODY', text: 'Promo' }] },
    ];
    const rule = { enabled: true, daysBefore: [], onDueDate: true, daysAfter: [1], email: false, whatsapp: true };
    const unknown = await api('/settings', fin, { method: 'PUT', json: { ...rule, whatsappTemplate: { name: 'nao_existe', language: 'pt_BR' } } });
    expect([unknown.status, unknown.body.error]).toEqual([400, 'Este modelo de WhatsApp não está entre os aprovados da empresa.']);
    const media = await api('/settings', fin, { method: 'PUT', json: { ...rule, whatsappTemplate: { name: 'promo', language: 'pt_BR' } } });
    expect([media.status, media.body.error]).toEqual([400, 'Escolha um modelo sem imagem, vídeo ou documento no cabeçalho.']);
    const templates = await api<{ templates: Array<{ name: string }> }>('/templates', fin);
    expect(templates.body.templates.map((t) => t.name)).toEqual(['lembrete_cobranca', 'promo']);
    const saved = await api<DunningSettings>('/settings', fin, { method: 'PUT', json: { ...rule, whatsappTemplate: { name: 'lembrete_cobranca', language: 'pt_BR' } } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ whatsapp: true, whatsappConnected: true, whatsappTemplate: { name: 'lembrete_cobranca', language: 'pt_BR' } });

    const delta = await person('Davi Delta', [], ['(11) 98765-4321']);
    const noPhone = await person('Eva Sem Fone', ['eva@exemplo.com.br']);
    const entry = await receivable({ description: 'Aluguel da sala', dueIn: 0, personId: delta, amountCents: 1500_00 });
    const other = await receivable({ description: 'Outra', dueIn: 0, personId: noPhone });
    fake.reset();
    expect(await run()).toBe(1);
    const sent = fake.sent();
    expect(sent).toHaveLength(1);
    const msg = sent[0] as { to: string; template: { name: string; components: Array<{ type: string; parameters: Array<{ text: string }> }> } };
    expect(msg.to).toBe('5511987654321');
    expect(msg.template.name).toBe('lembrete_cobranca');
    const body = msg.template.components.find((c) => c.type === 'body')!.parameters.map((p) => p.text);
    expect(body.slice(0, 4)).toEqual(['Davi Delta', 'Aluguel da sala', money(1500_00), day(today())]);
    expect(body[4]).toMatch(/\/pagar\/[\w-]+$/);
    const button = msg.template.components.find((c) => c.type === 'button')!.parameters[0]!.text;
    expect(body[4]!.endsWith(`/pagar/${button}`)).toBe(true);
    expect(await messagesOf(entry)).toEqual([{ step: 0, channel: 'whatsapp', status: 'sent', reason: null }]);
    expect(await messagesOf(other)).toEqual([{ step: 0, channel: 'whatsapp', status: 'skipped', reason: 'Cliente sem celular cadastrado.' }]);

    // More variables than the rule fills: refused when saved.
    fake.templates.push({ name: 'longo', language: 'pt_BR', status: 'APPROVED', components: [{ type: 'BODY', text: '{{1}} {{2}} {{3}} {{4}} {{5}} {{6}}' }] });
    const long = await api('/settings', fin, { method: 'PUT', json: { ...rule, whatsappTemplate: { name: 'longo', language: 'pt_BR' } } });
    expect([long.status, long.body.error]).toEqual([400, 'Escolha um modelo com no máximo 5 variáveis: cliente, descrição, valor, vencimento e link.']);
    // Meta refuses the message (the template changed there meanwhile): the step is kept as failed with Meta's reason, and not retried.
    fake.templates[0]!.components[0]!.text = 'Olá {{1}} {{2}} {{3}} {{4}} {{5}} {{6}}';
    const refused = await receivable({ description: 'Recusada', dueIn: 0, personId: delta });
    expect(await run()).toBe(0);
    const [failed] = await messagesOf(refused);
    expect(failed).toMatchObject({ step: 0, channel: 'whatsapp', status: 'failed' });
    expect(failed!.reason).toMatch(/WhatsApp|parâmetros|params/i);
    expect(await run()).toBe(0);
    expect(await messagesOf(refused)).toHaveLength(1);
  });
});

describe('what is never sent', () => {
  it('nothing in a company without a default Pix key; nothing by e-mail to a person who opted out', async () => {
    const [p] = await sql(server, `insert into people (company_id, name, emails) values ($1, 'Sem Pix', '{sempix@exemplo.com.br}') returning id`, [outsiderCompanyId]);
    const [e] = await sql(
      server,
      `insert into fin_entries (company_id, kind, description, amount_cents, due_date, competence_date, person_id) values ($1, 'receivable', 'Sem chave Pix', 10000, $2, $2, $3) returning id`,
      [outsiderCompanyId, addDays(today(), -1), p!.id],
    );
    await api('/settings', fin, { method: 'PUT', json: { enabled: true, daysBefore: [], onDueDate: true, daysAfter: [1], email: true, whatsapp: false, whatsappTemplate: null } });
    const optedOut = await person('Olga Optou', ['olga@exemplo.com.br']);
    await sql(server, `update people set email_opt_out = true where id = $1`, [optedOut]);
    const entry = await receivable({ description: 'Optou por sair', dueIn: -1, personId: optedOut });
    await run();
    expect(await messagesOf(e!.id as string)).toEqual([]);
    expect(await messagesOf(entry)).toEqual([{ step: 1, channel: 'email', status: 'skipped', reason: 'Cliente pediu para não receber e-mails.' }]);
    expect(await mailbox('olga@exemplo.com.br')).toEqual([]);
  });
});

describe('isolation', () => {
  it('another company gets 404 and a member without Financeiro 403 on every endpoint', async () => {
    const zeta = await org('Zeta Segredo Ltda', 'zeta@zeta.com.br');
    const entry = await receivable({ description: 'Segredo da Zeta', dueIn: -3, organizationId: zeta });
    const pause = await api<DunningPause>('/pauses', fin, { json: { partyType: 'organization', partyId: zeta } });
    await expectTenantIsolation(server, { owner: { jar: fin.jar }, outsider: { jar: outsider.jar }, withoutPermission: { jar: vendas.jar }, secrets: ['Segredo', companyId] }, [
      { method: 'GET', path: `/api/finance/dunning/entries/${entry}/history` },
      { method: 'POST', path: '/api/finance/dunning/pauses', body: { partyType: 'organization', partyId: zeta }, ownerStatus: 201 },
      { method: 'DELETE', path: `/api/finance/dunning/pauses/${pause.body.id}` },
    ]);
    // The company-wide reads answer the caller's own company: the outsider sees nothing of ours.
    const theirs = await api<OverdueList>('/overdue', outsider);
    expect([theirs.status, theirs.body.count, theirs.body.items.map((i) => i.description)]).toEqual([200, 1, ['Sem chave Pix']]);
    expect((await api<{ items: DunningPause[] }>('/pauses', outsider)).body.items).toEqual([]);
    expect((await api<DunningSettings>('/settings', outsider)).body).toMatchObject({ isDefault: true, hasPixKey: false });
    const put = await api('/settings', outsider, { method: 'PUT', json: { enabled: false, daysBefore: [], onDueDate: false, daysAfter: [], email: true, whatsapp: false, whatsappTemplate: null } });
    expect(put.status).toBe(200);
    expect((await api<DunningSettings>('/settings', fin)).body.enabled).toBe(true);
    for (const [method, path, json] of [
      ['GET', '/settings'],
      ['PUT', '/settings', { enabled: false, daysBefore: [], onDueDate: false, daysAfter: [], email: true, whatsapp: false, whatsappTemplate: null }],
      ['GET', '/templates'],
      ['GET', '/overdue'],
      ['GET', '/pauses'],
    ] as Array<[string, string, unknown?]>) {
      expect((await api(path, vendas, { method, json })).status, `${method} ${path}`).toBe(403);
      expect((await api(path, null, { method, json })).status, `${method} ${path}`).toBe(401);
    }
  });
});

const day = (iso: string) => iso.split('-').reverse().join('/');
