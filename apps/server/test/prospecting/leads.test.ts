import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { ExtractResult, LeadRow, RevealResult, SavedSearch, SendToListResult } from '@sede/shared/prospecting/leads';
import type { ProspectCompany } from '@sede/shared/prospecting/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importReceita } from '../../src/modules/prospecting/importer/import.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { sampleFolder } from '../support/receita.ts';
import { startTestServer, tempDataDir, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person } from '../team/support.ts';

// The real samples: 98765432000198 (phone + e-mail), 98765432000350 (phone, baixada),
// SEDE0001000156 (phone + e-mail), A1B2C3D4000193 (no contact).
const AURORA = '98765432000198';
const AURORA_RJ = '98765432000350';
const SEDE = 'SEDE0001000156';
const NO_CONTACT = 'A1B2C3D4000193';

let server: TestServer;
let dir: string;
let a: { companyId: string; admin: Person };
let b: { companyId: string; admin: Person };
let memberA: Person;

const call = async <T>(who: Person, method: string, p: string, json?: unknown) => {
  const res = await server.request(`/api/prospecting${p}`, { method, jar: who.jar, ...(json !== undefined ? { json } : {}) });
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* CSV */
  }
  return { status: res.status, body: body as T & { error?: string; code?: string }, text, headers: res.headers };
};
const balance = async (companyId: string) => Number((await sql(server, 'SELECT currency_amount FROM companies WHERE id = $1', [companyId]))[0]!.currency_amount);
const setBalance = (companyId: string, n: number) => sql(server, 'UPDATE companies SET currency_amount = $2 WHERE id = $1', [companyId, n]);
const debits = async (companyId: string) =>
  (await sql(server, "SELECT coalesce(sum(quantity), 0)::int AS n FROM paid_actions WHERE company_id = $1 AND action = 'prospect.lead_reveal' AND status = 'committed'", [companyId]))[0]!.n as number;

beforeAll(async () => {
  server = await startTestServer();
  dir = tempDataDir('receita-leads-');
  await importReceita(server.services.pool, await sampleFolder(path.join(dir, 'samples')), { log: () => undefined });
  a = await createCompanyWithAdmin(server, 'Leads Alfa Ltda');
  b = await createCompanyWithAdmin(server, 'Leads Beta Ltda');
  memberA = await memberOf(server, a.companyId, 'rh');
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('reveal', () => {
  it('charges once per lead with a contact, shows the contacts to the whole company, never to another', async () => {
    await setBalance(a.companyId, 10);
    const before = await call<{ leads: LeadRow[] }>(memberA, 'POST', '/leads/contacts', { cnpjs: [AURORA] });
    expect(before.body.leads[0]).toMatchObject({ revelado: false, telefones: ['(11) ****-5060'], email: 'c******@padariaaurora.example' });

    const res = await call<RevealResult>(memberA, 'POST', '/leads/reveal', { cnpjs: ['98.765.432/0001-98', SEDE, NO_CONTACT] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ revealedNow: 2, charged: 2, balance: 8 });
    const aurora = res.body.leads.find((l) => l.cnpj === AURORA)!;
    expect(aurora).toMatchObject({ revelado: true, telefones: ['(11) 3040-5060'], email: 'contato@padariaaurora.example' });
    expect(res.body.leads.find((l) => l.cnpj === NO_CONTACT)).toMatchObject({ revelado: false, temContato: false });

    // Again: free. The admin of the same company sees them revealed; the record too.
    const again = await call<RevealResult>(a.admin, 'POST', '/leads/reveal', { cnpjs: [AURORA, SEDE] });
    expect(again.body).toMatchObject({ revealedNow: 0, charged: 0, balance: 8 });
    const record = await call<ProspectCompany>(a.admin, 'GET', `/companies/${AURORA}`);
    expect(record.body).toMatchObject({ contatosRevelados: true, telefones: ['(11) 3040-5060'], email: 'contato@padariaaurora.example' });
    expect(await balance(a.companyId)).toBe(8);

    // Another company still sees them masked, and pays for its own reveal.
    const other = await call<ProspectCompany>(b.admin, 'GET', `/companies/${AURORA}`);
    expect(other.body).toMatchObject({ contatosRevelados: false, telefones: ['(11) ****-5060'] });
    const otherContacts = await call<{ leads: LeadRow[] }>(b.admin, 'POST', '/leads/contacts', { cnpjs: [AURORA, SEDE] });
    expect(otherContacts.body.leads.every((l) => !l.revelado && l.telefones.every((t) => t.includes('****')))).toBe(true);
    const bBefore = await balance(b.companyId);
    const bReveal = await call<RevealResult>(b.admin, 'POST', '/leads/reveal', { cnpjs: [AURORA] });
    expect(bReveal.body).toMatchObject({ revealedNow: 1, charged: 1 });
    expect(await balance(b.companyId)).toBe(bBefore - 1);
  });

  it('charges exactly once under concurrent requests for the same leads', async () => {
    const c = await createCompanyWithAdmin(server, 'Leads Concorrentes Ltda');
    await setBalance(c.companyId, 10);
    const results = await Promise.all(Array.from({ length: 6 }, () => call<RevealResult>(c.admin, 'POST', '/leads/reveal', { cnpjs: [AURORA, AURORA_RJ, SEDE] })));
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(results.reduce((n, r) => n + r.body.charged, 0)).toBe(3);
    expect(await balance(c.companyId)).toBe(7);
    expect(await debits(c.companyId)).toBe(3);
    expect(await sql(server, "SELECT count(*)::int AS n FROM prospect_reveals WHERE company_id = $1 AND status = 'revealed'", [c.companyId])).toEqual([{ n: 3 }]);
  });

  it('without enough coins: 409 in Portuguese, nothing charged, nothing revealed', async () => {
    const c = await createCompanyWithAdmin(server, 'Leads Sem Moedas Ltda');
    await setBalance(c.companyId, 1);
    const res = await call(c.admin, 'POST', '/leads/reveal', { cnpjs: [AURORA, SEDE] });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'INSUFFICIENT_COINS', price: 2, balance: 1 });
    expect(res.body.error).toContain('Saldo de moedas insuficiente');
    expect(await balance(c.companyId)).toBe(1);
    expect(await sql(server, 'SELECT count(*)::int AS n FROM prospect_reveals WHERE company_id = $1', [c.companyId])).toEqual([{ n: 0 }]);
  });

  it('a failed charge is never kept: the claim is released and the lead can be revealed later', async () => {
    const c = await createCompanyWithAdmin(server, 'Leads Falha Ltda');
    await setBalance(c.companyId, 5);
    // The balance check passes, then the ledger refuses (the balance dropped meanwhile): the claim goes away.
    await sql(server, `CREATE OR REPLACE FUNCTION test_block_reveal() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'falha simulada'; END $$ LANGUAGE plpgsql`);
    await sql(server, `CREATE TRIGGER test_block_reveal BEFORE UPDATE ON prospect_reveals FOR EACH ROW EXECUTE FUNCTION test_block_reveal()`);
    try {
      const res = await call(c.admin, 'POST', '/leads/reveal', { cnpjs: [AURORA] });
      expect(res.status).toBeGreaterThanOrEqual(400);
    } finally {
      await sql(server, 'DROP TRIGGER test_block_reveal ON prospect_reveals');
    }
    expect(await balance(c.companyId)).toBe(5);
    expect(await debits(c.companyId)).toBe(0);
    expect(await sql(server, 'SELECT count(*)::int AS n FROM prospect_reveals WHERE company_id = $1', [c.companyId])).toEqual([{ n: 0 }]);
    const ok = await call<RevealResult>(c.admin, 'POST', '/leads/reveal', { cnpjs: [AURORA] });
    expect(ok.body).toMatchObject({ revealedNow: 1, charged: 1, balance: 4 });
  });

  it('bad input is a 400 in Portuguese', async () => {
    expect((await call(memberA, 'POST', '/leads/reveal', { cnpjs: [] })).body).toMatchObject({ error: 'Informe ao menos um CNPJ.' });
    const many = await call(memberA, 'POST', '/leads/reveal', { cnpjs: Array.from({ length: 501 }, () => AURORA) });
    expect(many.status).toBe(400);
    expect(many.body.error).toContain('no máximo 500');
    expect((await call(memberA, 'POST', '/leads/reveal', { cnpjs: ['não é cnpj'] })).status).toBe(400);
  });
});

describe('export CSV', () => {
  it('reveals what is not revealed (one charge), then re-exports free; UTF-8 BOM and ; for Excel', async () => {
    const c = await createCompanyWithAdmin(server, 'Leads Exporta Ltda');
    await setBalance(c.companyId, 10);
    const res = await call(c.admin, 'POST', '/leads/export', { filtros: { situacao: 'todas' } });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('x-coins-charged')).toBe('3');
    expect(res.text.charCodeAt(0)).toBe(0xfeff);
    const lines = res.text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('CNPJ;Razão social;Nome fantasia;Situação;CNAE principal;Descrição do CNAE;Porte;Data de abertura;Capital social (R$);Endereço;Bairro;CEP;Município;UF;Telefone 1;Telefone 2;E-mail');
    expect(lines).toHaveLength(5);
    expect(lines.find((l) => l.startsWith(AURORA))).toContain('(11) 3040-5060');
    expect(lines.find((l) => l.startsWith(AURORA))).toContain('contato@padariaaurora.example');
    expect(await balance(c.companyId)).toBe(7);

    const audit = await sql(server, "SELECT details FROM activity_log WHERE company_id = $1 AND action = 'prospect_leads_exported'", [c.companyId]);
    expect(audit).toEqual([{ details: { format: 'csv', count: 4, charged: 3, entity: 'prospect_leads', id: null } }]);

    const again = await call(c.admin, 'POST', '/leads/export', { cnpjs: [AURORA, SEDE] });
    expect(again.headers.get('x-coins-charged')).toBe('0');
    expect(await balance(c.companyId)).toBe(7);
  });

  it('refuses more than 5,000 leads and a selection that is neither CNPJs nor filters', async () => {
    const many = await call(a.admin, 'POST', '/leads/export', { cnpjs: Array.from({ length: 5001 }, () => AURORA) });
    expect(many.status).toBe(400);
    expect(many.body.error).toContain('no máximo 5.000');
    expect((await call(a.admin, 'POST', '/leads/export', {})).body).toMatchObject({ error: 'Selecione leads ou use os filtros da busca.' });
    expect((await call(a.admin, 'POST', '/leads/export', { filtros: { uf: 'XX' } })).body).toMatchObject({ error: 'UF inválida.' });
  });

  it('needs prospeccao.export (sales or admin): a plain member gets 403', async () => {
    const res = await call(memberA, 'POST', '/leads/export', { cnpjs: [AURORA] });
    expect(res.status).toBe(403);
  });
});

describe('send to a CRM list', () => {
  it('reveals, creates the organization and a contact person (legítimo interesse, Receita) once, in a job', async () => {
    const c = await createCompanyWithAdmin(server, 'Leads Lista Ltda');
    await setBalance(c.companyId, 10);
    const send = async (json: unknown) => {
      const res = await call<SendToListResult>(c.admin, 'POST', '/leads/send', json);
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      const deadline = Date.now() + 20_000;
      for (;;) {
        const job = await server.request(`/api/jobs/${res.body.jobId}`, { jar: c.admin.jar });
        const view = (await job.json()) as { status: string; error: string | null };
        if (view.status === 'done') break;
        if (view.status === 'failed' || Date.now() > deadline) throw new Error(`job ${view.status}: ${view.error}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      return res.body;
    };
    const first = await send({ selection: { cnpjs: [AURORA, SEDE, NO_CONTACT] }, listName: 'Padarias SP' });
    expect(first).toMatchObject({ total: 3, charged: 2 });
    const second = await send({ selection: { cnpjs: [AURORA, SEDE] }, listId: first.listId });
    expect(second.charged).toBe(0);
    expect(await balance(c.companyId)).toBe(8);
    const orgs = await sql(server, 'SELECT cnpj, email, phone FROM organizations WHERE company_id = $1 ORDER BY cnpj', [c.companyId]);
    expect(orgs).toEqual([
      { cnpj: AURORA, email: 'contato@padariaaurora.example', phone: '1130405060' },
      { cnpj: NO_CONTACT, email: null, phone: null },
      { cnpj: SEDE, email: 'contato@sedeficticia.example', phone: '61999990000' },
    ]);
    const people = await sql(server, 'SELECT emails, legal_basis, legal_basis_source FROM people WHERE company_id = $1 ORDER BY name', [c.companyId]);
    expect(people).toHaveLength(2);
    expect(people[0]).toMatchObject({ legal_basis: 'legitimo_interesse', legal_basis_source: 'Receita Federal (dados abertos)' });
    const members = await sql(server, 'SELECT count(*)::int AS n FROM crm_list_members WHERE list_id = $1', [first.listId]);
    expect(members).toEqual([{ n: 5 }]);
    // Another company cannot send to this list (it does not exist for them) and has no such parties.
    await expectTenantIsolation(server, { owner: c.admin, outsider: b.admin, secrets: [first.listId, 'Padarias SP'] }, [
      { method: 'POST', path: '/api/prospecting/leads/send', body: { selection: { cnpjs: [AURORA] }, listId: first.listId }, ownerStatus: 202 },
    ]);
    expect(await sql(server, 'SELECT count(*)::int AS n FROM organizations WHERE company_id = $1', [b.companyId])).toEqual([{ n: 0 }]);
  });
});

describe('/extrair-leads', () => {
  it('a paste in any format → enriched rows, not found and invalid listed', async () => {
    const text = `98.765.432/0001-98, sede0001000156\n12.345.678/0001-95 12345678000100\n  A1B2C3D4000193;98765432000198\nabc`;
    const res = await call<ExtractResult>(memberA, 'POST', '/leads/extract', { text });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.rows.map((r) => r.cnpj)).toEqual([AURORA, SEDE, NO_CONTACT]);
    expect(res.body.rows[0]).toMatchObject({ revelado: true, razaoSocial: expect.any(String) });
    expect(res.body.duplicates).toBe(1);
    expect(res.body.invalid.map((i) => i.value)).toEqual(['12345678000100', 'abc']);
    expect(res.body.notFound).toEqual([{ line: 2, value: '12.345.678/0001-95', reason: 'Não encontrado na base da Receita Federal importada.' }]);
  });

  it('reads a CSV by its header and an XLSX by its content', async () => {
    const csv = `Nome;Documento CNPJ;Cidade\nPadaria;98.765.432/0001-98;São Paulo\nOutra;12.345.678/0001-95;Rio\n`;
    const fromCsv = await call<ExtractResult>(memberA, 'POST', '/leads/extract', { file: { name: 'lista.csv', base64: Buffer.from(csv).toString('base64') } });
    expect(fromCsv.status, JSON.stringify(fromCsv.body)).toBe(200);
    expect(fromCsv.body.rows.map((r) => r.cnpj)).toEqual([AURORA]);
    expect(fromCsv.body.notFound).toEqual([{ line: 3, value: '12.345.678/0001-95', reason: expect.stringContaining('Não encontrado') }]);

    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Leads');
    ws.addRow(['Empresa', 'Código']);
    ws.addRow(['Sede', 'SEDE0001000156']);
    ws.addRow(['Alfa', 'A1B2C3D4000193']);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const fromXlsx = await call<ExtractResult>(memberA, 'POST', '/leads/extract', { file: { name: 'lista.xlsx', base64: xlsx.toString('base64') } });
    expect(fromXlsx.body.rows.map((r) => r.cnpj)).toEqual([SEDE, NO_CONTACT]);
  });

  it('bad input: no CNPJ column, an executable, nothing valid, too much', async () => {
    const noColumn = await call(memberA, 'POST', '/leads/extract', { file: { name: 'x.csv', base64: Buffer.from('Nome;Cidade\nPadaria;SP\n').toString('base64') } });
    expect(noColumn.status).toBe(400);
    expect(noColumn.body).toMatchObject({ code: 'NO_CNPJ_COLUMN', error: expect.stringContaining('Nenhuma coluna de CNPJ') });

    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(512)]);
    const renamed = await call(memberA, 'POST', '/leads/extract', { file: { name: 'planilha.xlsx', base64: exe.toString('base64') } });
    expect(renamed.status).toBe(400);
    expect(renamed.body.error).toContain('Não foi possível ler o arquivo');

    const fakeZip = await call(memberA, 'POST', '/leads/extract', { file: { name: 'planilha.xlsx', base64: Buffer.from('PK\x03\x04lixo').toString('base64') } });
    expect(fakeZip.status).toBe(400);

    const invalid = await call(memberA, 'POST', '/leads/extract', { text: '12345678000100\n00000000000001' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ code: 'NO_VALID_CNPJ', error: 'Nenhum CNPJ válido foi encontrado no texto.' });

    expect((await call(memberA, 'POST', '/leads/extract', {})).body).toMatchObject({ code: 'NOTHING_TO_READ' });

    // A 10 MB paste never reaches the reader: the platform's body limit answers in Portuguese.
    const huge = await call(memberA, 'POST', '/leads/extract', { text: `${AURORA}\n`.repeat(700_000) });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toContain('grande demais');

    // Within the body limit but past the paste's limit, and more CNPJs than a run takes.
    const long = await call(memberA, 'POST', '/leads/extract', { text: 'x'.repeat(400_001) });
    expect(long.status).toBe(400);
    expect(long.body.error).toContain('grande demais');
    const many = Array.from({ length: 10_001 }, (_, i) => validCnpj(i)).join('\n');
    const tooMany = await call(memberA, 'POST', '/leads/extract', { text: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toContain('no máximo 10.000');
  });
});

describe('saved searches and the município picker', () => {
  it('saves per company, invisible to another; foreign ids are 404', async () => {
    const saved = await call<SavedSearch>(memberA, 'POST', '/saved-searches', { name: 'Padarias ativas SP', filters: { uf: 'SP', cnae: '1091102' } });
    expect(saved.status).toBe(201);
    expect((await call<{ items: SavedSearch[] }>(a.admin, 'GET', '/saved-searches')).body.items.map((x) => x.name)).toContain('Padarias ativas SP');
    expect((await call<{ items: SavedSearch[] }>(b.admin, 'GET', '/saved-searches')).body.items).toEqual([]);
    expect((await call(memberA, 'POST', '/saved-searches', { name: '', filters: {} })).status).toBe(400);
    await expectTenantIsolation(server, { owner: a.admin, outsider: b.admin, secrets: [saved.body.id, 'Padarias ativas SP'] }, [
      { method: 'DELETE', path: `/api/prospecting/saved-searches/${saved.body.id}`, ownerStatus: 204 },
    ]);
    expect((await call<{ items: SavedSearch[] }>(a.admin, 'GET', '/saved-searches')).body.items).toEqual([]);
  });

  it('filters the municípios by the chosen UF', async () => {
    const all = await call<{ municipios: { codigo: string; descricao: string }[] }>(memberA, 'GET', '/municipios?q=');
    expect(all.body.municipios.length).toBeGreaterThan(1);
    const sp = await call<{ municipios: { codigo: string; descricao: string }[] }>(memberA, 'GET', '/municipios?q=&uf=SP');
    expect(sp.body.municipios.map((m) => m.codigo)).toEqual(['7107']);
    const df = await call<{ municipios: { codigo: string }[] }>(memberA, 'GET', '/municipios?q=&uf=DF');
    expect(df.body.municipios.map((m) => m.codigo)).toEqual(['9701']);
  });
});

/** A valid numeric CNPJ from a number (check digits computed). */
function validCnpj(n: number): string {
  const base = `${String(n).padStart(8, '0')}0001`;
  const digit = (s: string) => {
    const w = s.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = [...s].reduce((acc, ch, i) => acc + Number(ch) * w[i]!, 0);
    const r = sum % 11;
    return r < 2 ? '0' : String(11 - r);
  };
  const d1 = digit(base);
  return base + d1 + digit(base + d1);
}
