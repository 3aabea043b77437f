import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupportOperatorTicketDetail, SupportTicketDetail, SupportTicketView } from '@sede/shared/support/schemas';
import { upload } from '../files/support.ts';
import { createConfirmedUser, latestMail, startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, uniqueEmail, type Person } from '../team/support.ts';

const SUPPORT_EMAIL = 'atendimento@sede.test';
let server: TestServer;
let companyId: string;
let admin: Person;
let colleague: Person;
let outsider: Person;
let operator: Person;
let noCompany: Person;

type Res<T> = { status: number; body: T & { error?: string; code?: string } };
async function call<T = unknown>(path: string, who: Person | null, method = 'GET', json?: unknown): Promise<Res<T>> {
  const res = await server.request(path, { method, json, jar: who?.jar });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Res<T>['body'] };
}
const open = (who: Person, subject = 'Não consigo emitir o orçamento') =>
  call<SupportTicketDetail>('/api/support/tickets', who, 'POST', { subject, category: 'problema', message: 'Ao clicar em "Enviar", aparece um erro. <b>Ajuda</b>' });

beforeAll(async () => {
  const operatorEmail = uniqueEmail('operador');
  server = await startTestServer({ SUPPORT_EMAIL, SUPPORT_OPERATORS: ` ${operatorEmail.toUpperCase()} , outro@sede.test` });
  ({ companyId, admin } = await createCompanyWithAdmin(server, 'Padaria do Suporte Ltda'));
  colleague = await memberOf(server, companyId, 'vendas');
  outsider = (await createCompanyWithAdmin(server, 'Outra Empresa Ltda')).admin;
  operator = await createConfirmedUser(server, { email: operatorEmail, firstName: 'Otto', lastName: 'Operador' });
  noCompany = await createConfirmedUser(server, { email: uniqueEmail('semempresa') });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('/api/support: a person opens tickets and sees only their own', () => {
  it('opens a ticket with its first message, lists it, and e-mails the support address', async () => {
    const res = await open(admin);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ subject: 'Não consigo emitir o orçamento', category: 'problema', status: 'aberto', hasCompany: true });
    expect(res.body.code).toMatch(/^#[0-9A-F]{8}$/);
    expect(res.body.messages).toHaveLength(1);
    expect(res.body.messages[0]).toMatchObject({ fromSupport: false, body: 'Ao clicar em "Enviar", aparece um erro. <b>Ajuda</b>' });

    const list = await call<{ tickets: SupportTicketView[] }>('/api/support/tickets', admin);
    expect(list.body.tickets.map((t) => t.id)).toContain(res.body.id);

    const mail = await latestMail(server, SUPPORT_EMAIL, res.body.code);
    expect(mail.subject).toBe(`[Sede ${res.body.code}] Novo chamado: Não consigo emitir o orçamento`);
    expect(mail.text).toContain(admin.email);
    expect(mail.text).toContain(`/suporte/operador?chamado=${res.body.id}`);
    // The message is text in the e-mail's HTML, never markup.
    expect(mail.html).not.toContain('<b>Ajuda</b>');
  });

  it('works for a person without a company (before linking one)', async () => {
    const res = await open(noCompany, 'Meu CNPJ não é encontrado');
    expect(res.status).toBe(201);
    expect(res.body.hasCompany).toBe(false);
  });

  it("another person's ticket does not exist for them: a colleague, another company's admin, the anonymous", async () => {
    const { body: ticket } = await open(admin, 'Dúvida sobre o plano');
    for (const who of [colleague, outsider, noCompany]) {
      for (const [path, method, json] of [
        [`/api/support/tickets/${ticket.id}`, 'GET', undefined],
        [`/api/support/tickets/${ticket.id}/messages`, 'POST', { message: 'Oi' }],
        [`/api/support/tickets/${ticket.id}/resolve`, 'POST', {}],
      ] as const) {
        const r = await call(path, who, method, json);
        expect(r.status, `${method} ${path}`).toBe(404);
        expect(JSON.stringify(r.body)).not.toContain('Dúvida sobre o plano');
      }
      const list = await call<{ tickets: SupportTicketView[] }>('/api/support/tickets', who);
      expect(list.body.tickets.map((t) => t.id)).not.toContain(ticket.id);
    }
    expect((await call(`/api/support/tickets/${ticket.id}`, null)).status).toBe(401);
    expect((await call('/api/support/tickets/nao-e-um-id', admin)).status).toBe(404);
    // The ticket's attachments follow the ticket: the colleague cannot attach or list files on it.
    const refused = await upload(server, colleague.jar, `entityType=support_ticket&entityId=${ticket.id}&kind=document`, Buffer.from('segredo'), 'nota.txt');
    expect(refused.status).toBe(404);
  });

  it('refuses bad input with a Portuguese message and saves nothing', async () => {
    const before = (await call<{ tickets: SupportTicketView[] }>('/api/support/tickets', colleague)).body.tickets.length;
    const cases = [
      [{ subject: '', category: 'duvida', message: 'x' }, 'Informe o assunto.'],
      [{ subject: 'Oi', category: 'elogio', message: 'x' }, 'Escolha uma categoria.'],
      [{ subject: 'Oi', category: 'duvida', message: '   ' }, 'Descreva o que aconteceu ou o que você precisa.'],
      [{ subject: 'Oi', category: 'duvida', message: 'a'.repeat(5001) }, 'A mensagem pode ter até 5.000 caracteres.'],
      [{ subject: 'a'.repeat(151), category: 'duvida', message: 'x' }, 'O assunto pode ter até 150 caracteres.'],
    ] as const;
    for (const [body, error] of cases) {
      const r = await call('/api/support/tickets', colleague, 'POST', body);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe(error);
    }
    expect((await call<{ tickets: SupportTicketView[] }>('/api/support/tickets', colleague)).body.tickets.length).toBe(before);
  });
});

describe('/api/support/operator: the platform operators answer', () => {
  it('is not there for anyone but an operator', async () => {
    const { body: ticket } = await open(colleague, 'Pedido de nota fiscal');
    for (const who of [admin, colleague, outsider, noCompany]) {
      expect((await call('/api/support/operator/tickets', who)).status).toBe(404);
      expect((await call(`/api/support/operator/tickets/${ticket.id}`, who)).status).toBe(404);
      expect((await call(`/api/support/operator/tickets/${ticket.id}/replies`, who, 'POST', { message: 'Forjado' })).status).toBe(404);
    }
    expect((await call<{ operator: boolean }>('/api/support/me', admin)).body.operator).toBe(false);
    expect((await call<{ operator: boolean }>('/api/support/me', operator)).body.operator).toBe(true);
    const after = await call<SupportTicketDetail>(`/api/support/tickets/${ticket.id}`, colleague);
    expect(after.body.messages.map((m) => m.body)).not.toContain('Forjado');
  });

  it('an operator sees every ticket with who opened it, answers, and the person is told and sees the answer', async () => {
    const { body: ticket } = await open(admin, 'Erro ao importar OFX');
    const file = await upload(server, admin.jar, `entityType=support_ticket&entityId=${ticket.id}&kind=document`, Buffer.from('linha 1\nlinha 2\n'), 'erro.txt');
    expect(file.status).toBe(201);

    const list = await call<{ tickets: Array<{ id: string; requester: { email: string }; companyName: string | null }> }>('/api/support/operator/tickets?status=aberto', operator);
    const row = list.body.tickets.find((t) => t.id === ticket.id);
    expect(row).toMatchObject({ requester: { email: admin.email }, companyName: 'Padaria do Suporte Ltda' });
    const search = await call<{ tickets: Array<{ id: string }> }>('/api/support/operator/tickets?q=importar%20ofx', operator);
    expect(search.body.tickets.map((t) => t.id)).toEqual([ticket.id]);

    const detail = await call<SupportOperatorTicketDetail>(`/api/support/operator/tickets/${ticket.id}`, operator);
    expect(detail.body.attachments).toEqual([expect.objectContaining({ name: 'erro.txt', size: 16 })]);
    const download = await server.request(`/api/support/operator/tickets/${ticket.id}/files/${detail.body.attachments[0]!.id}`, { jar: operator.jar });
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('linha 1\nlinha 2\n');

    const reply = await call<SupportOperatorTicketDetail>(`/api/support/operator/tickets/${ticket.id}/replies`, operator, 'POST', { message: 'Corrigimos o importador; tente de novo.' });
    expect(reply.status).toBe(201);
    expect(reply.body.status).toBe('respondido');

    const seen = await call<SupportTicketDetail>(`/api/support/tickets/${ticket.id}`, admin);
    expect(seen.body.status).toBe('respondido');
    expect(seen.body.messages.at(-1)).toMatchObject({ fromSupport: true, authorName: 'Equipe de suporte do Sede', body: 'Corrigimos o importador; tente de novo.' });
    const bell = await call<{ items: Array<{ title: string; link: string }> }>('/api/notifications', admin);
    expect(bell.body.items.some((n) => n.title === `O suporte respondeu o chamado ${ticket.code}` && n.link === `/suporte?chamado=${ticket.id}`)).toBe(true);

    // The person writes again: back in the support's queue.
    const again = await call<SupportTicketDetail>(`/api/support/tickets/${ticket.id}/messages`, admin, 'POST', { message: 'Funcionou, obrigada!' });
    expect(again.body.status).toBe('aberto');
    const resolved = await call<SupportTicketDetail>(`/api/support/tickets/${ticket.id}/resolve`, admin, 'POST', {});
    expect(resolved.body.status).toBe('resolvido');
  });

  it('a person without a company gets the answer by e-mail', async () => {
    const { body: ticket } = await open(noCompany, 'Não recebi o e-mail de convite');
    await call(`/api/support/operator/tickets/${ticket.id}/replies`, operator, 'POST', { message: 'Reenviamos o convite.' });
    const mail = await latestMail(server, noCompany.email, ticket.code);
    expect(mail.text).toContain('Reenviamos o convite.');
    expect(mail.text).toContain(`/suporte?chamado=${ticket.id}`);
  });
});
