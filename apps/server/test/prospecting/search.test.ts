import fs from 'node:fs';
import path from 'node:path';
import type { ProspectCompany, ProspectSearchResult, ProspectStatus } from '@sede/shared/prospecting/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateReceita } from '../../src/modules/prospecting/importer/generate.ts';
import { importReceita } from '../../src/modules/prospecting/importer/import.ts';
import { sampleFolder } from '../support/receita.ts';
import { createConfirmedUser, startTestServer, tempDataDir, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, uniqueEmail, type Person } from '../team/support.ts';

let server: TestServer;
let member: Person;
let otherCompanyAdmin: Person;
let noCompany: Person;
let dir: string;

const get = async <T>(p: string, who: Person = member) => {
  const res = await server.request(`/api/prospecting${p}`, { jar: who.jar });
  return { status: res.status, body: (await res.json()) as T & { error?: string; code?: string } };
};
const cnpjs = async (query: string) => {
  const res = await get<ProspectSearchResult>(`/search?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.rows.map((r) => r.cnpj);
};

beforeAll(async () => {
  server = await startTestServer();
  const a = await createCompanyWithAdmin(server, 'Prospecção Alfa Ltda');
  member = await memberOf(server, a.companyId, 'rh'); // not sales: prospecting is open to every member
  otherCompanyAdmin = (await createCompanyWithAdmin(server, 'Prospecção Beta Ltda')).admin;
  noCompany = await createConfirmedUser(server, { email: uniqueEmail('solo') });
  dir = tempDataDir('receita-api-');
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('before any import', () => {
  it('says there is no data, and searches answer empty', async () => {
    const st = await get<ProspectStatus>('/status');
    expect(st.body).toEqual({ imported: false, importedAt: null, establishments: 0, source: null });
    const res = await get<ProspectSearchResult>('/search');
    expect(res.body).toMatchObject({ rows: [], count: 0, countExact: true });
  });
});

describe('with the real samples loaded', () => {
  beforeAll(async () => {
    await importReceita(server.services.pool, await sampleFolder(path.join(dir, 'samples')), { log: () => undefined });
  });

  it('status names the import', async () => {
    const st = await get<ProspectStatus>('/status');
    expect(st.body).toMatchObject({ imported: true, establishments: 4, source: 'samples' });
  });

  it('ativa by default; every situação on request; each filter narrows', async () => {
    expect(await cnpjs('')).toEqual(['98765432000198', 'A1B2C3D4000193', 'SEDE0001000156']);
    expect(await cnpjs('situacao=todas')).toEqual(['98765432000198', '98765432000350', 'A1B2C3D4000193', 'SEDE0001000156']);
    expect(await cnpjs('situacao=08')).toEqual(['98765432000350']);
    expect(await cnpjs('cnae=1091102')).toEqual(['98765432000198', 'A1B2C3D4000193']);
    expect(await cnpjs('cnae=62')).toEqual(['SEDE0001000156']);
    expect(await cnpjs('cnae=4721102')).toEqual([]);
    expect(await cnpjs('cnae=4721102&cnaeEscopo=qualquer')).toEqual(['98765432000198']);
    expect(await cnpjs('cnae=4721102&cnaeEscopo=qualquer&situacao=todas')).toEqual(['98765432000198', '98765432000350']);
    expect(await cnpjs('uf=DF')).toEqual(['SEDE0001000156']);
    expect(await cnpjs('municipio=7107')).toEqual(['98765432000198']);
    expect(await cnpjs('bairro=jardim')).toEqual(['98765432000198']);
    expect(await cnpjs('bairro=Asa%20Sul')).toEqual(['SEDE0001000156']);
    expect(await cnpjs('cep=703')).toEqual(['SEDE0001000156']);
    expect(await cnpjs('porte=03')).toEqual(['SEDE0001000156']);
    expect(await cnpjs('natureza=2062')).toHaveLength(3);
    expect(await cnpjs('natureza=2135')).toEqual([]);
    expect(await cnpjs('simples=true')).toEqual(['98765432000198', 'A1B2C3D4000193']);
    expect(await cnpjs('simples=false')).toEqual(['SEDE0001000156']);
    expect(await cnpjs('mei=true')).toEqual([]);
    expect(await cnpjs('aberturaDe=2026-01-01')).toEqual(['A1B2C3D4000193', 'SEDE0001000156']);
    expect(await cnpjs('aberturaDe=2026-08-01&aberturaAte=2026-08-31')).toEqual(['SEDE0001000156']);
    expect(await cnpjs('capitalMin=1000000')).toEqual(['SEDE0001000156']);
    expect(await cnpjs('capitalMin=1500,50&capitalMax=50000')).toEqual(['98765432000198', 'A1B2C3D4000193']);
    expect(await cnpjs('comTelefone=true')).toEqual(['98765432000198', 'SEDE0001000156']);
    expect(await cnpjs('comEmail=false')).toEqual(['A1B2C3D4000193']);
    expect(await cnpjs('uf=SP&cnae=1091102&porte=01&simples=true&comEmail=true')).toEqual(['98765432000198']);
  });

  it('rows carry names and labels but never the contacts; sort and paging', async () => {
    const res = await get<ProspectSearchResult>('/search?ordem=abertura_desc&porPagina=2');
    expect(res.body.count).toBe(3);
    expect(res.body.countExact).toBe(true);
    expect(res.body.rows.map((r) => r.cnpj)).toEqual(['A1B2C3D4000193', 'SEDE0001000156']);
    expect(res.body.rows[0]).toEqual({
      cnpj: 'A1B2C3D4000193',
      razaoSocial: 'DOCES DA VOVÓ CONCEIÇÃO FICTÍCIA LTDA',
      nomeFantasia: null,
      situacao: '02',
      uf: 'ES',
      municipio: 'CARIACICA',
      bairro: 'CENTRO',
      cnaePrincipal: '1091102',
      cnaeDescricao: 'Fabricação de produtos de padaria e confeitaria com predominância de produção própria',
      porte: '01',
      capitalCents: 150050,
      dataInicio: '2026-09-01',
      temTelefone: false,
      temEmail: false,
    });
    const page2 = await get<ProspectSearchResult>('/search?ordem=abertura_desc&porPagina=2&pagina=2');
    expect(page2.body.rows.map((r) => r.cnpj)).toEqual(['98765432000198']);
    const all = JSON.stringify((await get<ProspectSearchResult>('/search?situacao=todas')).body);
    expect(all).not.toContain('30405060');
    expect(all).not.toContain('padariaaurora');
  });

  it('one CNPJ: the whole record, masked contacts, CNAE names, QSA; masked or lower-case input', async () => {
    const res = await get<ProspectCompany>('/companies/98.765.432%2F0001-98');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      cnpj: '98765432000198',
      razaoSocial: 'AURORA FICTICIA PANIFICADORA LTDA',
      nomeFantasia: 'PADARIA AURORA',
      matriz: true,
      situacao: '02',
      dataSituacao: '2019-03-15',
      motivoSituacao: 'SEM  MOTIVO',
      dataInicio: '2019-03-15',
      endereco: { tipoLogradouro: 'RUA', logradouro: 'DAS ACACIAS', numero: '123', complemento: 'LOJA 2', bairro: 'JARDIM PRIMAVERA', cep: '04571000', municipio: 'SAO PAULO', uf: 'SP' },
      telefones: ['(11) ****-5060'],
      email: 'c******@padariaaurora.example',
      contatosRevelados: false,
      cnaePrincipal: { codigo: '1091102', descricao: 'Fabricação de produtos de padaria e confeitaria com predominância de produção própria' },
      cnaesSecundarias: [
        { codigo: '4721102', descricao: 'Padaria e confeitaria com predominância de revenda' },
        { codigo: '5611203', descricao: 'Lanchonetes, casas de chá, de sucos e similares' },
      ],
      naturezaJuridica: { codigo: '2062', descricao: 'Sociedade Empresária Limitada' },
      porte: '01',
      capitalCents: 5_000_000,
      simples: { optante: true, dataOpcao: '2019-03-15', dataExclusao: null },
      mei: { optante: false, dataOpcao: null, dataExclusao: null },
      socios: [{ nome: 'MARIA EXEMPLO DA SILVA', documento: '***123456**', qualificacao: 'Sócio-Administrador', dataEntrada: '2019-03-15', faixaEtaria: 4, tipo: 'PF' }],
      outrosEstabelecimentos: 1,
    });
    expect(JSON.stringify(res.body)).not.toContain('30405060');
    expect((await get<ProspectCompany>('/companies/a1b2c3d4000193')).body.razaoSocial).toBe('DOCES DA VOVÓ CONCEIÇÃO FICTÍCIA LTDA');
    const missing = await get('/companies/98765432000279');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'CNPJ não encontrado na base da Receita Federal importada.', code: 'NOT_FOUND' });
    expect((await get('/companies/abc')).status).toBe(404);
  });

  it('CNAE autocomplete by name (accents ignored) or code; municípios by name', async () => {
    expect((await get<{ cnaes: { codigo: string }[] }>('/cnaes?q=padaria')).body.cnaes.map((c) => c.codigo)).toEqual(['1091102', '4721102']);
    expect((await get<{ cnaes: { codigo: string }[] }>('/cnaes?q=informatica')).body.cnaes.map((c) => c.codigo)).toEqual(['8599603']);
    expect((await get<{ cnaes: { codigo: string }[] }>('/cnaes?q=62')).body.cnaes.map((c) => c.codigo)).toEqual(['6201501', '6204000']);
    expect((await get<{ municipios: { codigo: string }[] }>('/municipios?q=são')).body.municipios).toEqual([{ codigo: '7107', descricao: 'SAO PAULO' }]);
  });

  it('bad filters are 400 with the schema message, never a 500', async () => {
    const cases: [string, string][] = [
      ['cnae=4', 'CNAE inválido'],
      ['cnae=47&cnaeEscopo=qualquer', 'código completo de 7 dígitos'],
      ['uf=XX', 'UF inválida.'],
      ['municipio=abc', 'Município inválido'],
      ['cep=1', 'Início de CEP inválido'],
      ['situacao=99', ''],
      ['porte=02', ''],
      ['aberturaDe=2026-13-01', 'Data inválida'],
      ['aberturaDe=2026-02-01&aberturaAte=2026-01-01', 'A data inicial'],
      ['capitalMin=abc', 'Capital social inválido.'],
      ['capitalMin=10&capitalMax=5', 'O capital mínimo'],
      ['pagina=1000&porPagina=100', 'A paginação alcança'],
      ['porPagina=1000', ''],
      ['bairro=%00x', 'caracteres de controle'],
      ['ordem=drop', ''],
      ['comEmail=sim', ''],
    ];
    for (const [q, msg] of cases) {
      const res = await get(`/search?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error, q).toContain(msg);
    }
  });

  it('is reference data open to every member of any company; anonymous 401, no company 403', async () => {
    for (const p of ['/status', '/search', '/cnaes?q=pa', '/municipios?q=sa', '/companies/98765432000198']) {
      expect((await server.request(`/api/prospecting${p}`)).status, p).toBe(401);
      expect((await get(p, noCompany)).status, p).toBe(403);
      expect((await get(p, otherCompanyAdmin)).status, p).toBe(200);
      expect((await get(p, member)).status, p).toBe(200);
    }
  });
});

describe('counts above 10,000 are estimated and labelled; the statement timeout answers in Portuguese', () => {
  beforeAll(async () => {
    await generateReceita(path.join(dir, 'gen'), { establishments: 12_500 });
    await importReceita(server.services.pool, path.join(dir, 'gen'), { log: () => undefined });
  });
  afterAll(async () => {
    delete process.env.PROSPECTING_STATEMENT_TIMEOUT_MS;
  });

  it('estimates past 10,000', async () => {
    const all = await get<ProspectSearchResult>('/search?situacao=todas');
    expect(all.body.countExact).toBe(false);
    expect(all.body.count).toBeGreaterThan(10_000);
    const narrow = await get<ProspectSearchResult>('/search?uf=SP');
    expect(narrow.body.countExact).toBe(true);
    expect(narrow.body.count).toBeLessThan(10_000);
  });

  it('a search stopped by the statement timeout is a 400 with a clear message', async () => {
    process.env.PROSPECTING_STATEMENT_TIMEOUT_MS = '1';
    const res = await get('/search?situacao=todas&ordem=abertura_desc&bairro=S');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'A busca demorou demais e foi interrompida. Refine os filtros (por exemplo, escolha uma UF, um município ou um CNAE) e tente de novo.',
      code: 'SEARCH_TIMEOUT',
    });
    delete process.env.PROSPECTING_STATEMENT_TIMEOUT_MS;
  });
});
