import path from 'node:path';
import { cnpjCheckDigits } from '../../src/modules/prospecting/importer/generate.ts';
import { sampleFolder } from './receita.ts';

/**
 * A small register in the official format with known relations, for /deep-search and the
 * local-first lookups (decision 0240): the real samples' lookup tables, and these companies.
 *
 * - 11111111 "ALFA COMERCIO LTDA": 0001 (head office; phone (11) 3000-0001; RUA DAS FLORES 10,
 *   CEP 01000000) and 0002 (branch). Partner ANA PARCEIRA ***111111**, and JOSE SEM DOC ***000000**.
 * - 22222222 "BETA SERVICOS LTDA": partner ANA PARCEIRA ***111111** (shared); its second phone
 *   is (11) 3000-0001 (shared).
 * - 33333333 "GAMA INDUSTRIA LTDA": partner ANA PARCEIRA with another document (***999999**: not
 *   the same person); address "RUA  DAS FLORES" (two spaces) " 10", CEP 01000000 (shared).
 * - 44444444 "DELTA LTDA": RUA DAS FLORES S/N, CEP 01000000 (S/N never matches); partner JOSE
 *   SEM DOC ***000000** (no document: never matched by the name alone).
 * - 55555555 "OMEGA REDES LTDA": 60 establishments (the cap is 50 per kind).
 */
export const REL = {
  alfa: cnpjOf('11111111', 1),
  alfaFilial: cnpjOf('11111111', 2),
  beta: cnpjOf('22222222', 1),
  gama: cnpjOf('33333333', 1),
  delta: cnpjOf('44444444', 1),
  omega: cnpjOf('55555555', 1),
};

export function cnpjOf(basico: string, ordem: number): string {
  const first12 = basico + String(ordem).padStart(4, '0');
  return first12 + cnpjCheckDigits(first12);
}

const q = (fields: (string | number)[]) => `${fields.map((f) => `"${f}"`).join(';')}\n`;

function estab(basico: string, ordem: number, o: { fantasia?: string; logradouro?: string; numero?: string; cep?: string; ddd1?: string; tel1?: string; ddd2?: string; tel2?: string; email?: string; uf?: string; municipio?: string }) {
  const cnpj = cnpjOf(basico, ordem);
  return q([
    basico, cnpj.slice(8, 12), cnpj.slice(12), ordem === 1 ? 1 : 2, o.fantasia ?? '', '02', '20200101', '00', '', '', '20200101', '4721102', '', 'RUA',
    o.logradouro ?? `RUA ${basico}`, o.numero ?? String(ordem), '', 'CENTRO', o.cep ?? '02000000', o.uf ?? 'SP', o.municipio ?? '7107',
    o.ddd1 ?? '', o.tel1 ?? '', o.ddd2 ?? '', o.tel2 ?? '', '', '', o.email ?? '', '', '',
  ]);
}

const empresa = (basico: string, nome: string) => q([basico, nome, '2062', '49', '10000,00', '01', '']);
const socio = (basico: string, nome: string, doc: string) => q([basico, '2', nome, doc, '49', '20200101', '', '***000000**', '', '00', '4']);

export function relationsFiles(): Record<string, Buffer> {
  const empresas = [
    empresa('11111111', 'ALFA COMERCIO LTDA'),
    empresa('22222222', 'BETA SERVICOS LTDA'),
    empresa('33333333', 'GAMA INDUSTRIA LTDA'),
    empresa('44444444', 'DELTA LTDA'),
    empresa('55555555', 'OMEGA REDES LTDA'),
  ].join('');
  let estabs =
    estab('11111111', 1, { fantasia: 'ALFA', logradouro: 'DAS FLORES', numero: '10', cep: '01000000', ddd1: '11', tel1: '30000001', email: 'contato@alfa.example' }) +
    estab('11111111', 2, { fantasia: 'ALFA FILIAL', uf: 'RJ', municipio: '6001' }) +
    estab('22222222', 1, { fantasia: 'BETA', ddd1: '21', tel1: '40000002', ddd2: '11', tel2: '30000001' }) +
    estab('33333333', 1, { fantasia: 'GAMA', logradouro: 'DAS  FLORES', numero: ' 10', cep: '01000000' }) +
    estab('44444444', 1, { fantasia: 'DELTA', logradouro: 'DAS FLORES', numero: 'S/N', cep: '01000000' });
  for (let i = 1; i <= 60; i++) estabs += estab('55555555', i, { fantasia: `OMEGA ${i}` });
  const socios = [
    socio('11111111', 'ANA PARCEIRA', '***111111**'),
    socio('11111111', 'JOSE SEM DOC', '***000000**'),
    socio('22222222', 'ANA PARCEIRA', '***111111**'),
    socio('33333333', 'ANA PARCEIRA', '***999999**'),
    socio('44444444', 'JOSE SEM DOC', '***000000**'),
  ].join('');
  return {
    'Empresas0.zip': Buffer.from(empresas, 'latin1'),
    'Estabelecimentos0.zip': Buffer.from(estabs, 'latin1'),
    'Socios0.zip': Buffer.from(socios, 'latin1'),
  };
}

/** The folder of official ZIPs holding the register above. */
export const relationsFolder = (dir: string) => sampleFolder(path.join(dir, 'relations'), relationsFiles());
