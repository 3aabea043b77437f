import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrmImport } from '@sede/shared/crm/contacts';
import type { JobRunView } from '@sede/shared/platform/jobs';
import type { Organization, PartyPage, Person } from '@sede/shared/platform/parties';
import { startFakeCnpjProviders, type FakeCnpjProviders } from '../support/fake-cnpj-providers.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person as Member } from '../team/support.ts';
import { analyzed, apiOf, cp1252, finished, runImport, validCnpj } from './contacts-support.ts';
import { eventually } from '../support/eventually.ts';

let server: TestServer;
let fake: FakeCnpjProviders;
let api: ReturnType<typeof apiOf>;
let companyId: string;
let vendas: Member;
let outsider: Member;
let outsiderCompanyId: string;

beforeAll(async () => {
  fake = await startFakeCnpjProviders();
  // ReceitaWS alone: 3 requests a minute, the tightest public budget.
  server = await startTestServer({ CNPJ_PROVIDERS: 'receitaws', RECEITAWS_URL: fake.baseUrls.receitaws, BRASILAPI_URL: fake.baseUrls.brasilapi });
  api = apiOf(server);
  const a = await createCompanyWithAdmin(server, 'Importadora A Ltda');
  companyId = a.companyId;
  vendas = await memberOf(server, companyId, 'vendas');
  const b = await createCompanyWithAdmin(server, 'Importadora B Ltda');
  outsider = b.admin;
  outsiderCompanyId = b.companyId;
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

const peopleNamed = async (q: string) => (await api<PartyPage<Person>>(`/api/parties/people?q=${encodeURIComponent(q)}&limit=100`, vendas)).body.items;
const errorsCsv = async (id: string) => {
  const res = await api(`/api/crm-contacts/imports/${id}/errors`, vendas);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/csv');
  return res.text.replace(/^\uFEFF/, '').trim().split('\r\n');
};

describe('bad input: encodings, separators, empty lines, repeated headers, invalid values', () => {
  it('a Windows-1252 file with ";", empty lines and a repeated header: converted, per-row errors downloadable', async () => {
    const text = [
      'Nome;E-mail;Telefone;CNPJ;Cargo;Observações',
      'João Conceição;joao.w1252@x.com.br;(11) 98888-0001;;Diretor de Operações;ação rápida',
      '',
      ';;;;;',
      'Nome;E-mail;Telefone;CNPJ;Cargo;Observações',
      'Maria Açaí;maria@;(11) 98888-0002;;;',
      'Pedro Inválido;pedro.w1252@x.com.br;123;11.222.333/0001-00;;',
      'Zé Válido;ze.w1252@x.com.br;11 3333-4444;;;',
      '',
    ].join('\r\n');
    const { id, preview, result } = await runImport(server, vendas, cp1252(text), { dedupe: 'skip' });
    expect(preview).toMatchObject({ encoding: 'windows-1252', separator: ';', totalRows: 4, headers: ['Nome', 'E-mail', 'Telefone', 'CNPJ', 'Cargo', 'Observações'] });
    expect(preview.suggested).toEqual(['name', 'email', 'phone', 'cnpj', 'position', 'notes']);
    expect(result).toMatchObject({ status: 'done', totalRows: 4, processedRows: 4, createdCount: 2, errorCount: 2, encoding: 'windows-1252' });
    const [joao] = await peopleNamed('João Conceição');
    expect(joao).toMatchObject({ name: 'João Conceição', emails: ['joao.w1252@x.com.br'], phones: ['11988880001'], position: 'Diretor de Operações', notes: 'ação rápida' });
    expect((await peopleNamed('Maria Açaí')).length).toBe(0);

    const lines = await errorsCsv(id);
    expect(lines[0]).toBe('Linha;Campo;Erro;Nome;E-mail;Telefone;CNPJ;Cargo;Observações');
    expect(lines).toHaveLength(3);
    // Line numbers of the file (header = 1), the errors and the row's own cells.
    expect(lines[1]).toBe('6;E-mail;E-mail inválido: maria@;Maria Açaí;maria@;(11) 98888-0002;;;');
    expect(lines[2]).toMatch(/^7;Telefone, CNPJ;"Telefone inválido: use DDD \+ número \(10 ou 11 dígitos\)\. \(123\); CNPJ inválido: 11\.222\.333\/0001-00";Pedro Inválido;/);
  });

  it('a UTF-8 file with BOM and "," separators; quoted fields with separators inside', async () => {
    const text = '\uFEFFnome,email,celular,empresa,tags\r\n"Souza, Ana",ana.bom@x.com,+55 11 97777-0001,"Padaria Pão, Quente",vip;lead\r\n';
    const { preview, result } = await runImport(server, vendas, Buffer.from(text, 'utf8'), { dedupe: 'skip', legalBasis: 'legitimo_interesse', tags: ['feira'] });
    expect(preview).toMatchObject({ encoding: 'utf-8', separator: ',', headers: ['nome', 'email', 'celular', 'empresa', 'tags'] });
    expect(result).toMatchObject({ status: 'done', createdCount: 1, errorCount: 0, organizationsCreated: 1 });
    const [ana] = await peopleNamed('Souza, Ana');
    expect(ana).toMatchObject({ emails: ['ana.bom@x.com'], phones: ['11977770001'], tags: ['vip', 'lead', 'feira'], legalBasis: 'legitimo_interesse', legalBasisSource: 'Importação de planilha' });
    expect(ana!.organization?.razaoSocial).toBe('Padaria Pão, Quente');
  });

  it('an XLSX sheet', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Contatos');
    ws.addRow(['Nome', 'E-mail', 'Telefone']);
    ws.addRow(['Planilha Um', 'xlsx1@x.com', '1144445555']);
    ws.addRow([]);
    ws.addRow(['Planilha Dois', 'xlsx2@x.com', 11955556666]);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const { preview, result } = await runImport(server, vendas, bytes, { dedupe: 'skip' }, 'contatos.xlsx');
    expect(preview).toMatchObject({ encoding: 'xlsx', separator: null, totalRows: 2 });
    expect(result).toMatchObject({ status: 'done', createdCount: 2, errorCount: 0 });
    expect((await peopleNamed('Planilha')).map((p) => p.phones)).toEqual([['11955556666'], ['1144445555']]);
  });

  it('refuses what is not a sheet, an empty file, a mapping of the wrong length or without a name; never a 500', async () => {
    const empty = await analyzed(server, vendas, Buffer.from('nome;email\n\n\n'));
    expect(empty.preview).toMatchObject({ status: 400, body: { code: 'FILE_EMPTY', error: 'O arquivo não tem linhas de dados.' } });
    const headerOnly = await analyzed(server, vendas, Buffer.from('nome;email\r\nnome;email\r\n'));
    expect(headerOnly.preview).toMatchObject({ status: 400, body: { code: 'FILE_EMPTY' } });
    const ok = await analyzed(server, vendas, Buffer.from('nome;email\nA;a@x.com\n'));
    const start = (json: unknown) => api(`/api/crm-contacts/imports/${ok.id}/start`, vendas, { json });
    expect((await start({ mapping: ['name'], dedupe: 'skip' })).body.error).toBe('O mapeamento precisa ter uma escolha por coluna do arquivo.');
    expect((await start({ mapping: ['email', null], dedupe: 'skip' })).body.error).toBe('Escolha a coluna do nome (pessoa) ou da empresa.');
    expect((await start({ mapping: ['name', 'email'], dedupe: 'depois' })).status).toBe(400);
    const draft = (await api<CrmImport>('/api/crm-contacts/imports', vendas, { json: {} })).body.id;
    expect((await api(`/api/crm-contacts/imports/${draft}/start`, vendas, { json: { mapping: ['name'], dedupe: 'skip' } })).status).toBe(409);
    expect((await api(`/api/crm-contacts/imports/${draft}/analyze`, vendas, { json: { fileId: ok.fileId } })).body).toMatchObject({ code: 'FILE_NOT_FOUND' });
    expect((await start({ mapping: ['name', 'email'], dedupe: 'skip' })).status).toBe(200);
    expect((await start({ mapping: ['name', 'email'], dedupe: 'skip' })).status).toBe(409);
    await finished(server, vendas, ok.id);
  });
});

describe('de-duplication: merge or skip, against the base and within the file', () => {
  it('a "Cidade" column (with or without the UF) and a "UF" column fill the person’s city; a merge fills a missing city only', async () => {
    const existing = await api<Person>('/api/parties/people', vendas, { json: { name: 'Cida Recife', emails: ['cida.cidade@x.com'], municipio: 'Recife', uf: 'PE' } });
    expect(existing.body).toMatchObject({ municipio: 'Recife', uf: 'PE' });
    const text = ['Nome;E-mail;Cidade;UF', 'Caio Campinas;caio.cidade@x.com;Campinas/SP;', 'Rita Rio;rita.cidade@x.com;Rio de Janeiro;rj', 'Cida Outra;cida.cidade@x.com;Campinas;SP'].join('\n');
    const { preview, result } = await runImport(server, vendas, Buffer.from(text, 'utf8'), { dedupe: 'merge' });
    expect(preview.suggested).toEqual(['name', 'email', 'city', 'state']);
    expect(result).toMatchObject({ createdCount: 2, mergedCount: 1, errorCount: 0 });
    expect((await peopleNamed('Caio Campinas'))[0]).toMatchObject({ municipio: 'Campinas', uf: 'SP' });
    expect((await peopleNamed('Rita Rio'))[0]).toMatchObject({ municipio: 'Rio de Janeiro', uf: 'RJ' });
    expect((await api<Person>(`/api/parties/people/${existing.body.id}`, vendas)).body).toMatchObject({ municipio: 'Recife', uf: 'PE' });
  });

  it('skip leaves existing people untouched; merge adds the new e-mails, phones and tags', async () => {
    const existing = await api<Person>('/api/parties/people', vendas, { json: { name: 'Dup Existente', emails: ['dup@x.com'], tags: ['antiga'], position: 'Gerente' } });
    const file = (tag: string) =>
      Buffer.from(
        [
          'nome;email;telefone;cargo;tags',
          `Dup Outro Nome;DUP@x.com;11911110000;Diretor;${tag}`,
          `Dup Novo;dupnovo-${tag}@x.com;11922220000;;`,
          `Dup Novo Repetido;;11922220000;Analista;${tag}`,
        ].join('\n'),
      );
    const skipped = await runImport(server, vendas, file('pulado'), { dedupe: 'skip' });
    expect(skipped.result).toMatchObject({ createdCount: 1, skippedCount: 2, mergedCount: 0 });
    expect((await api<Person>(`/api/parties/people/${existing.body.id}`, vendas)).body).toMatchObject({ name: 'Dup Existente', emails: ['dup@x.com'], phones: [], tags: ['antiga'], position: 'Gerente' });

    const merged = await runImport(server, vendas, file('mesclado'), { dedupe: 'merge' });
    // Row 2 merges into the existing person (same e-mail), rows 3 and 4 into the one the first import created (same phone).
    expect(merged.result).toMatchObject({ createdCount: 0, mergedCount: 3, skippedCount: 0, errorCount: 0 });
    expect((await api<Person>(`/api/parties/people/${existing.body.id}`, vendas)).body).toMatchObject({
      name: 'Dup Existente',
      emails: ['dup@x.com'],
      phones: ['11911110000'],
      tags: ['antiga', 'mesclado'],
      position: 'Gerente',
    });
    const novos = await peopleNamed('Dup Novo');
    expect(novos.map((p) => p.name)).toEqual(['Dup Novo']);
    expect(novos[0]).toMatchObject({ emails: ['dupnovo-pulado@x.com', 'dupnovo-mesclado@x.com'], phones: ['11922220000'], position: 'Analista', tags: ['mesclado'] });
  });

  it('duplicates within the file: the later rows merge into the first (or are skipped)', async () => {
    const text = ['nome,email,cpf', 'Irmão Um,irmao@x.com,529.982.247-25', 'Irmão Dois,irmao@x.com,', 'Irmão Três,,52998224725'].join('\n');
    const { result } = await runImport(server, vendas, Buffer.from(text), { dedupe: 'merge' });
    expect(result).toMatchObject({ createdCount: 1, mergedCount: 2 });
    expect((await peopleNamed('Irmão')).map((p) => [p.name, p.emails, p.cpf])).toEqual([['Irmão Um', ['irmao@x.com'], '52998224725']]);
  });
});

describe('organizations from a CNPJ column, enriched through the CNPJ lookup’s limits', () => {
  it('creates the organizations at once and enriches them one at a time without exceeding the provider budget', async () => {
    fake.reset();
    fake.setDefaultScenario('found');
    const cnpjs = Array.from({ length: 5 }, () => validCnpj());
    const text = ['empresa;cnpj', ...cnpjs.map((c, i) => `Empresa Importada ${i};${c}`)].join('\n');
    const { result } = await runImport(server, vendas, Buffer.from(text), { dedupe: 'skip' });
    // The import does not wait for the lookups: its organizations exist with the file's data.
    expect(result).toMatchObject({ status: 'done', createdCount: 5, organizationsCreated: 5 });
    const orgs = async () => (await api<PartyPage<Organization>>('/api/parties/organizations?q=Empresa%20Importada&limit=100', vendas)).body.items;
    expect((await orgs()).length).toBe(5);

    // ReceitaWS allows 3 a minute: three are enriched, then the job waits for the budget.
    const jobs = async () => (await api<{ jobs: JobRunView[] }>('/api/jobs?kind=crm.enrich', vendas)).body.jobs;
    await eventually(async () => (await jobs())[0], (job) => job?.message === 'Aguardando o limite das consultas de CNPJ…', { timeoutMs: 20_000, intervalMs: 100 });
    expect(fake.calls.receitaws).toBe(3);
    const enriched = (await orgs()).filter((o) => o.municipio !== null);
    expect(enriched).toHaveLength(3);
    // Only empty fields are filled: the razão social from the file stays.
    expect(enriched.every((o) => o.razaoSocial.startsWith('Empresa Importada'))).toBe(true);
  });
});

describe('scale', () => {
  it('imports 100,000 rows in batches, with its report, leaving the other company untouched', async () => {
    const before = await sql(server, 'SELECT count(*)::int AS n, max(updated_at) AS at FROM people WHERE company_id = $1', [outsiderCompanyId]);
    await api('/api/parties/people', outsider, { json: { name: 'Outro Escala', emails: ['escala1@x.com'] } });
    const lines = ['nome;email;telefone;empresa;tags'];
    for (let i = 0; i < 100_000; i++) {
      const bad = i % 1000 === 999;
      lines.push(`Escala ${i};${bad ? 'invalido@' : `escala${i}@x.com`};11${String(900000000 + i)};Empresa Escala ${i % 500};lote`);
    }
    const bytes = Buffer.from(lines.join('\n'));
    const { id, preview } = await analyzed(server, vendas, bytes);
    expect(preview.status).toBe(200);
    const t0 = Date.now();
    const start = await api(`/api/crm-contacts/imports/${id}/start`, vendas, { json: { mapping: ['name', 'email', 'phone', 'company', 'tags'], dedupe: 'skip' } });
    expect(start.status).toBe(200);
    const result = await finished(server, vendas, id, 120_000);
    const seconds = (Date.now() - t0) / 1000;
    console.info(`[crm] import of 100,000 rows: ${seconds.toFixed(1)} s, ${Math.round(100_000 / seconds)} rows/s`);
    expect(result).toMatchObject({ status: 'done', totalRows: 100_000, processedRows: 100_000, createdCount: 99_900, errorCount: 100, organizationsCreated: 500 });
    // The throughput target (≥ 5,000 rows/s) is the benchmark's row "crm: CSV import rows/s"; here, under the
    // parallel test files of a shared machine, only a generous bound that still catches a per-row round trip.
    expect(100_000 / seconds).toBeGreaterThanOrEqual(1000);
    expect((await errorsCsv(id)).length).toBe(101);
    const [{ n }] = await sql(server, "SELECT count(*)::int AS n FROM people WHERE company_id = $1 AND name LIKE 'Escala %'", [companyId]);
    expect(n).toBe(99_900);
    // The other company: only its own new person ("escala1@x.com" there did not dedupe against this company's).
    const after = await sql(server, 'SELECT count(*)::int AS n FROM people WHERE company_id = $1', [outsiderCompanyId]);
    expect(after[0].n).toBe(before[0].n + 1);
  }, 180_000);
});
