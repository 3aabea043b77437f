import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Product, PublicQuote, Quote } from '@sede/shared/crm/quotes';
import type { MailMessage } from '../../src/platform/mail.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { latestMail, startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person as Member } from '../team/support.ts';
import { inDays, pdfTextLines, seedDeal } from './support.ts';

let server: TestServer;
let companyId: string;
let admin: Member;
let vendas: Member;
let rh: Member;
let outsider: Member;
let dealId: string;

const api = async <T = unknown>(path: string, who: Member | null, init: { method?: string; json?: unknown } = {}) => {
  const res = await server.request(`/api/crm-quotes${path}`, { method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'), json: init.json, jar: who?.jar });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // PDFs stay text
  }
  return { status: res.status, body: body as T & { error?: string; code?: string }, headers: res.headers };
};

beforeAll(async () => {
  server = await startTestServer();
  const a = await createCompanyWithAdmin(server, 'Padaria Pão Quente Ltda');
  companyId = a.companyId;
  admin = a.admin;
  await sql(server, `UPDATE companies SET address = 'Rua das Flores, 100', city = 'Campinas', state = 'SP', cep = '13010-000' WHERE id = $1`, [companyId]);
  vendas = await memberOf(server, companyId, 'vendas');
  rh = await memberOf(server, companyId, 'rh');
  outsider = (await createCompanyWithAdmin(server, 'Outra Empresa')).admin;
  ({ dealId } = await seedDeal(server, companyId));
});
afterAll(async () => {
  await server?.stop();
});

const item = (extra: Record<string, unknown> = {}) => ({ description: 'Pão francês (cento)', unit: 'cento', quantityMilli: 2500, unitPriceCents: 4990, discountCents: 0, ...extra });
const newQuote = async (who: Member = vendas, extra: Record<string, unknown> = {}, deal = dealId) => {
  const res = await api<Quote>(`/deals/${deal}/quotes`, who, { json: { validUntil: inDays(10), conditions: '50% na aprovação, 50% na entrega', items: [item()], ...extra } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};

describe('products and services', () => {
  it('sales creates, lists, edits and deletes one; every member reads the catalogue; others need comercial', async () => {
    const created = await api<Product>('/products', vendas, { json: { name: 'Consultoria', code: 'CONS-1', unit: 'h', priceCents: 25_000, description: 'Hora técnica' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Consultoria', code: 'CONS-1', unit: 'h', priceCents: 25_000, active: true });
    expect((await api<{ items: Product[] }>('/products?q=cons', rh)).body.items.map((p) => p.id)).toContain(created.body.id);
    const edited = await api<Product>(`/products/${created.body.id}`, admin, { method: 'PATCH', json: { priceCents: 30_000, active: false } });
    expect(edited.body).toMatchObject({ priceCents: 30_000, active: false });
    expect((await api<{ items: Product[] }>('/products?active=true', rh)).body.items.map((p) => p.id)).not.toContain(created.body.id);
    const dup = await api('/products', vendas, { json: { name: 'Outra', code: 'CONS-1', priceCents: 1 } });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ error: 'Já existe um produto ou serviço com este código.', code: 'PRODUCT_CODE_TAKEN' });
    expect((await api('/products', rh, { json: { name: 'X', priceCents: 1 } })).status).toBe(403);
    expect((await api(`/products/${created.body.id}`, vendas, { method: 'DELETE' })).status).toBe(200);
    expect((await api(`/products/${created.body.id}`, vendas)).status).toBe(404);
    const audit = await sql(server, `SELECT details FROM activity_log WHERE company_id = $1 AND action = 'product_deleted'`, [companyId]);
    expect(audit.map((r) => (r as { details: { entity: string } }).details.entity)).toContain('product');
  });

  it.each([
    [{ name: 'X', priceCents: -1 }, 'Preço inválido: informe um valor entre R$ 0,00 e R$ 10.000.000.000,00.'],
    [{ name: 'X', priceCents: 10 ** 15 }, 'Preço inválido: informe um valor entre R$ 0,00 e R$ 10.000.000.000,00.'],
    [{ name: 'X', priceCents: 1.5 }, 'Preço inválido: informe um valor entre R$ 0,00 e R$ 10.000.000.000,00.'],
    [{ name: '', priceCents: 1 }, 'Informe o nome do produto ou serviço.'],
    [{ name: 'x'.repeat(10_000), priceCents: 1 }, 'Nome: no máximo 200 caracteres.'],
  ])('refuses %j with a 400 in Portuguese', async (body, message) => {
    const res = await api('/products', vendas, { json: body });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });
});

describe('quotes', () => {
  it('creates a quote with its items in one go; the server computes the totals and numbers per company', async () => {
    const product = (await api<Product>('/products', vendas, { json: { name: 'Bolo de cenoura', priceCents: 3500, unit: 'un' } })).body;
    const q1 = await newQuote(vendas, {
      discountCents: 1000,
      items: [item({ quantityMilli: 1500, unitPriceCents: 999, discountCents: 100 }), { productId: product.id, description: 'Bolo de cenoura', quantityMilli: 3000, unitPriceCents: 3500 }],
    });
    // 1,5 × 9,99 = 14,985 → 14,99 (half up) − 1,00 = 13,99; 3 × 35,00 = 105,00; subtotal 118,99; − 10,00 = 108,99.
    expect(q1.items.map((i) => i.totalCents)).toEqual([1399, 10_500]);
    expect(q1).toMatchObject({ subtotalCents: 11_899, discountCents: 1000, totalCents: 10_899, status: 'rascunho', dealTitle: 'Venda de pães para o mercado' });
    const q2 = await newQuote();
    expect(q2.number).toBe(q1.number + 1);
    // The client cannot set totals: they are not in the contract.
    const forged = await newQuote(vendas, { totalCents: 1, subtotalCents: 1 });
    expect(forged.totalCents).toBe(12_475);

    const edited = await api<Quote>(`/quotes/${q2.id}`, vendas, { method: 'PUT', json: { validUntil: inDays(5), items: [item({ quantityMilli: 1000 }), item({ description: 'Sonho', quantityMilli: 12_000, unitPriceCents: 450 })] } });
    expect(edited.status).toBe(200);
    expect(edited.body.items).toHaveLength(2);
    expect(edited.body.totalCents).toBe(4990 + 5400);
    const count = await sql(server, 'SELECT count(*)::int AS n FROM crm_quote_items WHERE quote_id = $1', [q2.id]);
    expect(count[0]).toEqual({ n: 2 });

    const list = await api<{ items: Quote[] }>(`/quotes?dealId=${dealId}`, rh);
    expect(list.body.items.map((q) => q.id)).toEqual(expect.arrayContaining([q1.id, q2.id]));
    expect((await api<{ items: Quote[] }>('/quotes?status=aceito', rh)).body.items).toEqual([]);
  });

  it.each([
    [{ items: [] }, 'Adicione ao menos um item ao orçamento.'],
    [{ items: [item({ unitPriceCents: -1 })] }, 'Preço inválido: informe um valor entre R$ 0,00 e R$ 10.000.000.000,00.'],
    [{ items: [item({ unitPriceCents: 10 ** 15 })] }, 'Preço inválido: informe um valor entre R$ 0,00 e R$ 10.000.000.000,00.'],
    [{ items: [item({ quantityMilli: 0 })] }, 'Quantidade inválida: informe um número maior que zero com até 3 casas decimais (máximo 1.000.000).'],
    [{ items: [item({ discountCents: 999_999 })] }, 'Item 1: o desconto é maior que o valor do item.'],
    [{ discountCents: 999_999 }, 'O desconto é maior que o total do orçamento.'],
    [{ items: [item({ quantityMilli: 1_000_000_000, unitPriceCents: 1_000_000_000_000 })] }, 'O total do orçamento passa do limite de R$ 10.000.000.000,00.'],
    [{ validUntil: '2020-01-01' }, 'A validade não pode ser anterior a hoje.'],
    [{ validUntil: '31/12/2030' }, 'Data de validade inválida: use AAAA-MM-DD.'],
    [{ items: [item({ description: 'x'.repeat(10_000) })] }, 'Descrição do item: no máximo 500 caracteres.'],
  ])('refuses %j with a 400 in Portuguese and stores nothing', async (extra, message) => {
    const before = await sql(server, 'SELECT count(*)::int AS n FROM crm_quotes WHERE company_id = $1', [companyId]);
    const res = await api(`/deals/${dealId}/quotes`, vendas, { json: { validUntil: inDays(10), items: [item()], ...extra } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(await sql(server, 'SELECT count(*)::int AS n FROM crm_quotes WHERE company_id = $1', [companyId])).toEqual(before);
  });

  it('a product or contact of another company is refused', async () => {
    const other = await createCompanyWithAdmin(server, 'Terceira');
    const product = (await server.request('/api/crm-quotes/products', { method: 'POST', json: { name: 'Alheio', priceCents: 1 }, jar: other.admin.jar }).then((r) => r.json())) as Product;
    const res = await api(`/deals/${dealId}/quotes`, vendas, { json: { validUntil: inDays(3), items: [item({ productId: product.id })] } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Produto ou serviço não encontrado.', code: 'PRODUCT_NOT_FOUND' });
  });

  it('the PDF is in the company name with its CNPJ, items and totals', async () => {
    const [{ cnpj }] = (await sql(server, 'SELECT cnpj FROM companies WHERE id = $1', [companyId])) as [{ cnpj: string }];
    const q = await newQuote(vendas, { discountCents: 475, items: [item(), item({ description: 'Sonho de creme', unit: 'un', quantityMilli: 12_000, unitPriceCents: 450, discountCents: 100 })] });
    const res = await server.request(`/api/crm-quotes/quotes/${q.id}/pdf`, { jar: rh.jar });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="orcamento-${q.number}.pdf"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // The document's title (a UTF-16BE string in the Info dictionary) names the quote and the company.
    const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16().toString('latin1');
    expect(bytes.toString('latin1')).toContain(utf16be(`Orçamento nº ${q.number} — Padaria Pão Quente Ltda`));
    const lines = pdfTextLines(bytes);
    const formatted = `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
    expect(lines).toEqual(
      expect.arrayContaining([
        'Padaria Pão Quente Ltda',
        `CNPJ ${formatted}`,
        'Rua das Flores, 100 · Campinas/SP · CEP 13010-000',
        `Orçamento nº ${q.number}`,
        'Pão francês (cento)',
        '2,5',
        'cento',
        'R$\u00a049,90',
        'R$\u00a0124,75', // 2,5 × 49,90
        'Sonho de creme',
        'R$\u00a053,00', // 12 × 4,50 − 1,00
        'Subtotal: R$\u00a0177,75',
        'Desconto: - R$\u00a04,75',
        'Total: R$\u00a0173,00',
        'Condições de pagamento',
        '50% na aprovação, 50% na entrega',
      ]),
    );
    expect(lines.some((l) => l.startsWith('Emitido em ') && l.endsWith(`Válido até ${inDays(10).split('-').reverse().join('/')}`))).toBe(true);
  });

  it("carries the deal's organization and main contact to the quote and its PDF, phones formatted", async () => {
    await sql(server, `UPDATE companies SET phone = '1133334444' WHERE id = $1`, [companyId]);
    const post = async (path: string, json: Record<string, unknown>) => (await server.request(`/api/parties/${path}`, { method: 'POST', json, jar: vendas.jar }).then((r) => r.json())) as { id: string };
    const org = await post('organizations', {
      razaoSocial: 'Mercado Bom Preço Ltda',
      nomeFantasia: 'Bom Preço',
      cnpj: '11.222.333/0001-81',
      logradouro: 'Av. Brasil',
      numero: '500',
      bairro: 'Centro',
      municipio: 'Campinas',
      uf: 'SP',
      cep: '13010-100',
    });
    const person = await post('people', { name: 'Ana Compras', emails: ['ana@bompreco.com.br'], phones: ['11987654321'] });
    const { dealId: deal } = await seedDeal(server, companyId, { title: 'Fornecimento mensal' });
    const linked = await server.request(`/api/crm/deals/${deal}`, { method: 'PATCH', json: { organizationId: org.id, personIds: [person.id] }, jar: vendas.jar });
    expect(linked.status).toBe(200);
    const q = await newQuote(vendas, {}, deal);
    expect(q).toMatchObject({ organizationId: org.id, organizationName: 'Bom Preço', personId: person.id, personName: 'Ana Compras' });
    const lines = pdfTextLines(Buffer.from(await (await server.request(`/api/crm-quotes/quotes/${q.id}/pdf`, { jar: vendas.jar })).arrayBuffer()));
    expect(lines).toEqual(
      expect.arrayContaining([
        'Cliente',
        'Mercado Bom Preço Ltda (Bom Preço)',
        'CNPJ 11.222.333/0001-81',
        'Av. Brasil, 500 · Centro · Campinas/SP · CEP 13010-100',
        'A/C: Ana Compras · ana@bompreco.com.br · (11) 98765-4321',
      ]),
    );
    expect(lines.some((l) => l.startsWith('(11) 3333-4444'))).toBe(true);
    // An edit may change the client; an organization of another company is refused.
    const cleared = await api<Quote>(`/quotes/${q.id}`, vendas, { method: 'PUT', json: { validUntil: inDays(5), items: [item()], organizationId: null } });
    expect(cleared.body).toMatchObject({ organizationId: null, personId: person.id });
    const foreign = (await server.request('/api/parties/organizations', { method: 'POST', json: { razaoSocial: 'Alheia SA' }, jar: outsider.jar }).then((r) => r.json())) as { id: string };
    const refused = await api(`/quotes/${q.id}`, vendas, { method: 'PUT', json: { validUntil: inDays(5), items: [item()], organizationId: foreign.id } });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: 'Organização não encontrada.', code: 'ORGANIZATION_NOT_FOUND' });
  });

  it('the team accepts: the deal is won with the quote total; answering twice is a 409; expired cannot be accepted', async () => {
    const { dealId: deal } = await seedDeal(server, companyId, { title: 'Contrato anual' });
    const q = await newQuote(vendas, {}, deal);
    const ok = await api<Quote>(`/quotes/${q.id}/answer`, vendas, { json: { answer: 'aceito' } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'aceito', answeredBy: 'team' });
    expect(ok.body.acceptedAt).toBeTruthy();
    expect(await sql(server, 'SELECT status, value_cents::int AS v FROM deals WHERE id = $1', [deal])).toEqual([{ status: 'won', v: q.totalCents }]);
    const again = await api(`/quotes/${q.id}/answer`, vendas, { json: { answer: 'recusado' } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'Este orçamento já foi respondido.', code: 'QUOTE_ALREADY_ANSWERED' });
    expect((await api(`/quotes/${q.id}`, vendas, { method: 'PUT', json: { validUntil: inDays(3), items: [item()] } })).status).toBe(409);

    const old = await newQuote();
    await sql(server, `UPDATE crm_quotes SET valid_until = '2024-01-31' WHERE id = $1`, [old.id]);
    expect((await api<Quote>(`/quotes/${old.id}`, vendas)).body.status).toBe('expirado');
    expect((await api<{ items: Quote[] }>('/quotes?status=expirado', vendas)).body.items.map((x) => x.id)).toContain(old.id);
    const expired = await api(`/quotes/${old.id}/answer`, vendas, { json: { answer: 'aceito' } });
    expect(expired.status).toBe(409);
    expect(expired.body).toEqual({ error: 'Este orçamento expirou: a validade já passou.', code: 'QUOTE_EXPIRED' });
  });

  it('sends by e-mail with the PDF attached and a public link the client uses without an account', async () => {
    const person = (await server
      .request('/api/parties/people', { method: 'POST', json: { name: 'Joana Cliente', emails: ['joana.cliente@exemplo.com.br'] }, jar: vendas.jar })
      .then((r) => r.json())) as { id: string };
    const { dealId: deal } = await seedDeal(server, companyId, { title: 'Coffee break' });
    const q = await newQuote(vendas, { personId: person.id }, deal);
    const sent: MailMessage[] = [];
    const original = server.services.mailer.send.bind(server.services.mailer);
    const spy = vi.spyOn(server.services.mailer, 'send').mockImplementation(async (m) => {
      sent.push(m);
      return original(m);
    });
    const res = await api<Quote>(`/quotes/${q.id}/send`, vendas, { json: { message: 'Conforme conversamos.' } });
    spy.mockRestore();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'enviado', sentTo: 'joana.cliente@exemplo.com.br', personName: 'Joana Cliente' });
    expect(sent).toHaveLength(1);
    const attachment = sent[0]!.attachments![0]!;
    expect(attachment).toMatchObject({ filename: `orcamento-${q.number}.pdf`, contentType: 'application/pdf' });
    expect(attachment.content.subarray(0, 5).toString()).toBe('%PDF-');
    const mail = await latestMail(server, 'joana.cliente@exemplo.com.br', `Orçamento nº ${q.number}`);
    expect(mail.text).toContain('Olá, Joana!');
    expect(mail.text).toContain('Conforme conversamos.');
    expect(mail.text).toContain(`Anexos: orcamento-${q.number}.pdf`);
    const audit = await sql(server, `SELECT details FROM activity_log WHERE company_id = $1 AND action = 'quote_sent'`, [companyId]);
    expect(audit.map((r) => (r as { details: { id: string } }).details.id)).toContain(q.id);

    const token = /\/orcamento\?token=(\S+)/.exec(mail.text)![1]!;
    const view = await api<PublicQuote>(`/public/${token}`, null);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ companyName: 'Padaria Pão Quente Ltda', number: q.number, totalCents: q.totalCents, status: 'enviado' });
    expect(JSON.stringify(view.body)).not.toContain(companyId);
    const pdf = await server.request(`/api/crm-quotes/public/${token}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');

    // Forged: another quote id or a changed signature.
    const [id, exp, mac] = token.split('.') as [string, string, string];
    for (const bad of [`${q.id.replace(/.$/, (c) => (c === '0' ? '1' : '0'))}.${exp}.${mac}`, `${id}.${exp}.${mac.slice(0, -2)}AA`, `${id}.zzzzzz.${mac}`, 'qualquer-coisa']) {
      const forged = await api(`/public/${bad}/answer`, null, { json: { answer: 'aceito' } });
      expect(forged.status, bad).toBe(404);
      expect(forged.body).toEqual({ error: 'Link inválido ou inexistente.', code: 'NOT_FOUND' });
    }

    const refused = await api(`/public/${token}/answer`, null, { json: { answer: 'recusado', reason: 'Achamos caro' } });
    expect(refused.status).toBe(200);
    const after = (await api<Quote>(`/quotes/${q.id}`, vendas)).body;
    expect(after).toMatchObject({ status: 'recusado', answeredBy: 'client', refusalReason: 'Achamos caro' });
    // Whoever made the quote hears of it in the bell.
    const bell = await sql(server, `SELECT title, body, link FROM notifications WHERE user_id = $1 AND entity_id = $2`, [vendas.userId, q.id]);
    expect(bell).toEqual([{ title: `Orçamento nº ${q.number} recusado pelo cliente`, body: 'Coffee break — motivo: Achamos caro', link: '/comercial?aba=orcamentos' }]);
    const twice = await api(`/public/${token}/answer`, null, { json: { answer: 'aceito' } });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('QUOTE_ALREADY_ANSWERED');
  });

  it('the public link expires with the validity (410)', async () => {
    const { checkQuoteLink, quoteLinkToken, endOfValidity } = await import('../../src/modules/crm-quotes/links.ts');
    const q = await newQuote();
    const token = quoteLinkToken(server.services, q.id, q.validUntil);
    expect(checkQuoteLink(server.services, token)).toMatchObject({ ok: true });
    expect(checkQuoteLink(server.services, token, endOfValidity(q.validUntil).getTime() + 1000)).toEqual({ ok: false, reason: 'expired' });
    const past = quoteLinkToken(server.services, q.id, '2024-01-31');
    const res = await api(`/public/${past}`, null);
    expect(res.status).toBe(410);
    expect(res.body).toEqual({ error: 'Este link expirou junto com a validade do orçamento.', code: 'LINK_EXPIRED' });
    expect((await api(`/public/${past}/answer`, null, { json: { answer: 'aceito' } })).status).toBe(410);
  });

  it("LGPD: a person's export lists the quotes sent to them; erasing them removes the address", async () => {
    const person = (await server
      .request('/api/parties/people', { method: 'POST', json: { name: 'Rita Titular', emails: ['rita.titular@exemplo.com.br'] }, jar: vendas.jar })
      .then((r) => r.json())) as { id: string };
    const q = await newQuote(vendas, { personId: person.id });
    expect((await api(`/quotes/${q.id}/send`, vendas, { json: {} })).status).toBe(200);
    const exported = (await server.request(`/api/parties/people/${person.id}/export`, { jar: admin.jar }).then((r) => r.json())) as Record<string, unknown>;
    expect(JSON.stringify(exported)).toContain('rita.titular@exemplo.com.br');
    expect(exported).toMatchObject({ areas: { orcamentos: [{ numero: q.number, situacao: 'enviado', enviadoPara: 'rita.titular@exemplo.com.br' }] } });
    expect((await server.request(`/api/parties/people/${person.id}/erase`, { method: 'POST', json: {}, jar: admin.jar })).status).toBe(200);
    expect(await sql(server, 'SELECT sent_to, person_id FROM crm_quotes WHERE id = $1', [q.id])).toEqual([{ sent_to: null, person_id: null }]);
  });

  it('sending without a recipient is a 400', async () => {
    const q = await newQuote();
    const res = await api(`/quotes/${q.id}/send`, vendas, { json: {} });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Informe o e-mail do contato para enviar o orçamento.', code: 'NO_RECIPIENT' });
  });
});

describe('isolation', () => {
  it('another company gets 404 from every product and quote endpoint; a member without the permission 403', async () => {
    const product = (await api<Product>('/products', vendas, { json: { name: 'Produto secreto', priceCents: 100 } })).body;
    const q = await newQuote();
    const q2 = await newQuote();
    const secrets = [product.id, q.id, 'Produto secreto', 'Venda de pães'];
    const quoteBody = { validUntil: inDays(10), items: [item()] };
    await expectTenantIsolation(server, { owner: vendas, outsider, secrets }, [
      { method: 'GET', path: `/api/crm-quotes/products/${product.id}` },
      { method: 'GET', path: `/api/crm-quotes/quotes/${q.id}` },
      { method: 'GET', path: `/api/crm-quotes/quotes?dealId=${dealId}` },
      { method: 'GET', path: `/api/crm-quotes/quotes/${q.id}/pdf` },
      { method: 'POST', path: `/api/crm-quotes/deals/${dealId}/quotes`, body: quoteBody, ownerStatus: 201 },
      { method: 'PUT', path: `/api/crm-quotes/quotes/${q.id}`, body: quoteBody },
      { method: 'POST', path: `/api/crm-quotes/quotes/${q.id}/send`, body: { to: 'comprador@exemplo.com.br' } },
      { method: 'POST', path: `/api/crm-quotes/quotes/${q.id}/answer`, body: { answer: 'recusado' } },
    ]);
    // comercial.* for the catalogue, crm.delete for quotes: rh holds neither.
    await expectTenantIsolation(server, { owner: vendas, outsider, withoutPermission: rh, secrets }, [
      { method: 'PATCH', path: `/api/crm-quotes/products/${product.id}`, body: { priceCents: 200 } },
      { method: 'DELETE', path: `/api/crm-quotes/quotes/${q2.id}` },
      { method: 'DELETE', path: `/api/crm-quotes/products/${product.id}` },
    ]);
    // Another company's own list never shows these.
    const theirs = await server.request('/api/crm-quotes/quotes', { jar: outsider.jar }).then((r) => r.json() as Promise<{ items: Quote[] }>);
    expect(theirs.items).toEqual([]);
    const deals = await server.request('/api/crm-quotes/deals?q=p%C3%A3es', { jar: outsider.jar }).then((r) => r.json() as Promise<{ items: unknown[] }>);
    expect(deals.items).toEqual([]);
    const own = await server.request('/api/crm-quotes/deals?q=p%C3%A3es', { jar: rh.jar }).then((r) => r.json() as Promise<{ items: Array<{ id: string }> }>);
    expect(own.items.map((d) => d.id)).toContain(dealId);
  });
});
