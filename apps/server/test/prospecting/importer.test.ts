import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidCnpj } from '@sede/shared/cnpj';
import { generateReceita } from '../../src/modules/prospecting/importer/generate.ts';
import { ImportError, importReceita } from '../../src/modules/prospecting/importer/import.ts';
import { sampleBytes, sampleFolder } from '../support/receita.ts';
import { freshDatabase, tempDataDir } from '../support/test-server.ts';

let pool: pg.Pool;
let dir: string;
const quiet = { log: () => undefined };
const count = async (table: string) => Number((await pool.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n);
const leftovers = async () =>
  (await pool.query(`SELECT tablename FROM pg_tables WHERE tablename LIKE 'rf\\_%\\_new' OR tablename = 'rf_estabelecimentos_stage'`)).rows;

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: await freshDatabase(), max: 3 });
  dir = tempDataDir('receita-');
});
afterAll(async () => {
  await pool?.end();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('receita:import', () => {
  it('loads the real samples: Latin-1 to UTF-8, typed values, alphanumeric CNPJs, porte on the establishment', async () => {
    const logs: string[] = [];
    const out = await importReceita(pool, await sampleFolder(path.join(dir, 'samples')), { log: (l) => logs.push(l), progressMs: 0 });
    expect(out.establishments).toBe(4);
    expect(out.rows).toBe(3 + 4 + 3 + 2 + 6 + 2 + 4 + 1 + 1 + 2);
    expect(logs.some((l) => /linhas\/s/.test(l) && /faltam/.test(l))).toBe(true);
    const aurora = (await pool.query(`SELECT * FROM rf_estabelecimentos WHERE cnpj = '98765432000198'`)).rows[0];
    expect(aurora).toMatchObject({
      cnpj_basico: '98765432',
      nome_fantasia: 'PADARIA AURORA',
      situacao: '02',
      cnae_principal: '1091102',
      cnaes_secundarias: ['4721102', '5611203'],
      uf: 'SP',
      municipio: '7107',
      cep: '04571000',
      ddd1: '11',
      telefone1: '30405060',
      email: 'contato@padariaaurora.example',
      porte: '01',
    });
    expect((aurora.data_inicio as Date).toISOString().slice(0, 10)).toBe('2019-03-15');
    const doces = (await pool.query(`SELECT razao_social, capital_cents FROM rf_empresas WHERE cnpj_basico = 'A1B2C3D4'`)).rows[0];
    expect(doces).toEqual({ razao_social: 'DOCES DA VOVÓ CONCEIÇÃO FICTÍCIA LTDA', capital_cents: '150050' });
    expect((await pool.query(`SELECT cnpj FROM rf_estabelecimentos WHERE cnpj_basico = 'A1B2C3D4'`)).rows).toEqual([{ cnpj: 'A1B2C3D4000193' }]);
    expect((await pool.query(`SELECT descricao FROM rf_qualificacoes WHERE codigo = '49'`)).rows[0].descricao).toBe('Sócio-Administrador');
    expect((await pool.query(`SELECT opcao_simples, opcao_mei FROM rf_simples WHERE cnpj_basico = '98765432'`)).rows[0]).toEqual({ opcao_simples: 'S', opcao_mei: 'N' });
    expect(await count('rf_socios')).toBe(3);
    expect(await count('rf_imports')).toBe(1);
    // The live tables keep their indexes and primary keys under their own names.
    const idx = (await pool.query(`SELECT indexname FROM pg_indexes WHERE tablename = 'rf_estabelecimentos' ORDER BY 1`)).rows.map((r) => r.indexname);
    expect(idx).toEqual(['rf_estab_basico_idx', 'rf_estab_cnae_porte_idx', 'rf_estab_cnaes_sec_idx', 'rf_estab_endereco_idx', 'rf_estab_fone1_idx', 'rf_estab_fone2_idx', 'rf_estab_municipio_cnae_idx', 'rf_estab_uf_cnae_idx', 'rf_estabelecimentos_pkey']);
    expect(await leftovers()).toEqual([]);
  });

  it('reads the Windows-1252 bytes some files carry (curly quotes, dashes) instead of storing control characters', async () => {
    const empresas = Buffer.concat([sampleBytes('sample.EMPRECSV'), Buffer.from([...Buffer.from('"11112222";"', 'latin1'), 0x93, ...Buffer.from('BOA ', 'latin1'), 0x94, 0x20, 0x96, ...Buffer.from(' CAFÉ LTDA";"2062";"49";"0,00";"01";""\n', 'latin1')])]);
    await importReceita(pool, await sampleFolder(path.join(dir, 'cp1252'), { 'Empresas0.zip': empresas }), quiet);
    expect((await pool.query(`SELECT razao_social FROM rf_empresas WHERE cnpj_basico = '11112222'`)).rows[0].razao_social).toBe('“BOA ” – CAFÉ LTDA');
  });

  it('replaces the data with a generated dataset of the official format, and loads it again', async () => {
    const gen = await generateReceita(path.join(dir, 'gen'), { establishments: 3000 });
    const out = await importReceita(pool, path.join(dir, 'gen'), quiet);
    expect(out.establishments).toBe(3000);
    expect(await count('rf_estabelecimentos')).toBe(3000);
    expect(await count('rf_empresas')).toBe(gen.companies);
    expect(await count('rf_socios')).toBe(gen.partners);
    expect(await count('rf_simples')).toBe(gen.simples);
    // The samples are gone: a swap, not an append.
    expect(await count(`rf_estabelecimentos WHERE cnpj = '98765432000198'`)).toBe(0);
    // Every establishment got its company's porte.
    expect(await count('rf_estabelecimentos WHERE porte IS NULL')).toBe(0);
    expect(await count('rf_imports')).toBe(3);
    // Check digits per the official rule, alphanumeric roots included.
    const cnpjs = (await pool.query(`SELECT cnpj FROM rf_estabelecimentos ORDER BY cnpj DESC LIMIT 200`)).rows.map((r) => r.cnpj as string);
    expect(cnpjs.some((c) => /[A-Z]/.test(c))).toBe(true);
    for (const c of cnpjs) expect(isValidCnpj(c), c).toBe(true);
  });

  it('searches keep reading the previous data while an import loads, then see the new data at once', async () => {
    await importReceita(pool, await sampleFolder(path.join(dir, 'before')), quiet);
    await generateReceita(path.join(dir, 'during'), { establishments: 20_000 });
    const seen: Promise<number>[] = [];
    const out = importReceita(pool, path.join(dir, 'during'), {
      progressMs: 0,
      log: (l) => {
        if (l.includes('Estabelecimentos0.zip') && seen.length < 3) seen.push(count('rf_estabelecimentos'));
      },
    });
    await out;
    expect(seen.length).toBeGreaterThan(0);
    expect(await Promise.all(seen)).toEqual(seen.map(() => 4));
    expect(await count('rf_estabelecimentos')).toBe(20_000);
  });

  it('imports from a base URL (the official ZIP names, downloaded first)', async () => {
    const folder = await sampleFolder(path.join(dir, 'served'));
    const server = http.createServer((req, res) => {
      const name = path.basename(new URL(req.url ?? '/', 'http://x').pathname);
      const file = path.join(folder, name);
      if (!name.endsWith('.zip') || !fs.existsSync(file)) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/zip' });
      fs.createReadStream(file).pipe(res);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    try {
      const { port } = server.address() as { port: number };
      const out = await importReceita(pool, `http://127.0.0.1:${port}/dados/2026-09/`, quiet);
      expect(out.establishments).toBe(4);
      expect(await count('rf_estabelecimentos')).toBe(4);
      expect((await pool.query('SELECT source FROM rf_imports ORDER BY id DESC LIMIT 1')).rows[0].source).toBe(`http://127.0.0.1:${port}/dados/2026-09/`);
    } finally {
      server.close();
    }
  });

  describe('bad input stops the import naming the file and line, and the previous data stays', () => {
    beforeAll(async () => {
      await importReceita(pool, await sampleFolder(path.join(dir, 'base')), quiet);
    });
    const expectPreviousData = async () => {
      expect(await count('rf_estabelecimentos')).toBe(4);
      expect(await count(`rf_estabelecimentos WHERE cnpj = '98765432000198'`)).toBe(1);
      expect(await leftovers()).toEqual([]);
    };

    it('a row with the wrong number of columns', async () => {
      const bad = Buffer.concat([sampleBytes('sample.ESTABELE'), Buffer.from('"11111111";"0001";"00";"1"\n', 'latin1')]);
      const folder = await sampleFolder(path.join(dir, 'columns'), { 'Estabelecimentos0.zip': bad });
      await expect(importReceita(pool, folder, quiet)).rejects.toThrow(/Estabelecimentos0\.zip \(K3241\.K03200Y0\.D60912\.ESTABELE\), linha 5: 4 colunas, esperadas 30/);
      await expectPreviousData();
    });

    it('a file of another layout', async () => {
      const folder = await sampleFolder(path.join(dir, 'layout'), { 'Estabelecimentos0.zip': sampleBytes('sample.EMPRECSV') });
      await expect(importReceita(pool, folder, quiet)).rejects.toThrow(/Estabelecimentos0\.zip .*linha 1: 7 colunas, esperadas 30/);
      await expectPreviousData();
    });

    it('a file in UTF-8 instead of ISO-8859-1', async () => {
      const utf8 = Buffer.from(sampleBytes('sample.EMPRECSV').toString('latin1'), 'utf8');
      const folder = await sampleFolder(path.join(dir, 'encoding'), { 'Empresas0.zip': utf8 });
      await expect(importReceita(pool, folder, quiet)).rejects.toThrow(/Empresas0\.zip .*linha 3: o texto não está em ISO-8859-1/);
      await expectPreviousData();
    });

    it('a truncated ZIP', async () => {
      const folder = await sampleFolder(path.join(dir, 'truncated'));
      const file = path.join(folder, 'Estabelecimentos0.zip');
      const bytes = fs.readFileSync(file);
      fs.writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
      await expect(importReceita(pool, folder, quiet)).rejects.toThrow(/Estabelecimentos0\.zip: ZIP inválido ou incompleto/);
      await expectPreviousData();
    });

    it('a value the database refuses names the line', async () => {
      const lines = sampleBytes('sample.ESTABELE').toString('latin1').split('\n');
      lines[1] = lines[1]!.replace('"RJ"', '"RJX"');
      const folder = await sampleFolder(path.join(dir, 'value'), { 'Estabelecimentos0.zip': Buffer.from(lines.join('\n'), 'latin1') });
      await expect(importReceita(pool, folder, quiet)).rejects.toThrow(/Estabelecimentos0\.zip .*linha 2: valor recusado pelo banco/);
      await expectPreviousData();
    });

    it('a folder without every kind of file', async () => {
      const folder = await sampleFolder(path.join(dir, 'missing'));
      fs.rmSync(path.join(folder, 'Cnaes.zip'));
      await expect(importReceita(pool, folder, quiet)).rejects.toThrow(ImportError);
      await expect(importReceita(pool, folder, quiet)).rejects.toThrow(/Faltam arquivos .*Cnaes\*\.zip/);
      await expectPreviousData();
    });
  });
});
