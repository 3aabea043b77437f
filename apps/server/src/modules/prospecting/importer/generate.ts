import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import yazl from 'yazl';
import { KINDS, type Kind } from './layout.ts';

/**
 * `npm run receita:generate -- <folder> --establishments N` (decision 0201): a
 * synthetic dataset of any size in the exact official format — the official ZIP names, an inner
 * file named like the Receita's, `;`-separated quoted fields, ISO-8859-1 — written as streams.
 * Deterministic for a given size and seed. About 1.15 establishments per company, 1.3 partners
 * per company, 60% of companies in the Simples; 1 company in 40 has an alphanumeric CNPJ.
 */

export const GEN_CNAES: [string, string][] = [
  ['1091102', 'Fabricação de produtos de padaria e confeitaria com predominância de produção própria'],
  ['4721102', 'Padaria e confeitaria com predominância de revenda'],
  ['5611201', 'Restaurantes e similares'],
  ['5611203', 'Lanchonetes, casas de chá, de sucos e similares'],
  ['6201501', 'Desenvolvimento de programas de computador sob encomenda'],
  ['6204000', 'Consultoria em tecnologia da informação'],
  ['8599603', 'Treinamento em informática'],
  ['4711302', 'Comércio varejista de mercadorias em geral, com predominância de produtos alimentícios - supermercados'],
  ['4781400', 'Comércio varejista de artigos do vestuário e acessórios'],
  ['9602501', 'Cabeleireiros, manicure e pedicure'],
  ['4930202', 'Transporte rodoviário de carga, exceto produtos perigosos, intermunicipal, interestadual e internacional'],
  ['6911701', 'Serviços advocatícios'],
  ['6920601', 'Atividades de contabilidade'],
  ['7319002', 'Promoção de vendas'],
  ['8630504', 'Atividade odontológica'],
  ['4120400', 'Construção de edifícios'],
  ['4744099', 'Comércio varejista de materiais de construção em geral'],
  ['4520001', 'Serviços de manutenção e reparação mecânica de veículos automotores'],
  ['8511200', 'Educação infantil - creche'],
  ['9313100', 'Atividades de condicionamento físico'],
];

/** Receita municipality code, name, UF. */
export const GEN_MUNICIPIOS: [string, string, string][] = [
  ['7107', 'SAO PAULO', 'SP'], ['6291', 'CAMPINAS', 'SP'], ['7075', 'SANTOS', 'SP'], ['6001', 'RIO DE JANEIRO', 'RJ'], ['5869', 'NITEROI', 'RJ'],
  ['4123', 'BELO HORIZONTE', 'MG'], ['5403', 'UBERLANDIA', 'MG'], ['9701', 'BRASILIA', 'DF'], ['5625', 'CARIACICA', 'ES'], ['5705', 'VITORIA', 'ES'],
  ['7535', 'CURITIBA', 'PR'], ['7667', 'LONDRINA', 'PR'], ['8801', 'PORTO ALEGRE', 'RS'], ['8105', 'FLORIANOPOLIS', 'SC'], ['8179', 'JOINVILLE', 'SC'],
  ['3849', 'SALVADOR', 'BA'], ['2531', 'RECIFE', 'PE'], ['1389', 'FORTALEZA', 'CE'], ['0255', 'MANAUS', 'AM'], ['0427', 'BELEM', 'PA'],
  ['9373', 'GOIANIA', 'GO'], ['9051', 'CAMPO GRANDE', 'MS'], ['9067', 'CUIABA', 'MT'], ['2785', 'MACEIO', 'AL'], ['1219', 'SAO LUIS', 'MA'],
];
const NATUREZAS: [string, string][] = [
  ['2062', 'Sociedade Empresária Limitada'], ['2135', 'Empresário (Individual)'], ['2305', 'Empresa Individual de Responsabilidade Limitada (de Natureza Empresária)'],
  ['2046', 'Sociedade Anônima Aberta'], ['2054', 'Sociedade Anônima Fechada'], ['3999', 'Associação Privada'],
];
const QUALIFICACOES: [string, string][] = [['00', 'Não informada'], ['05', 'Administrador'], ['49', 'Sócio-Administrador'], ['22', 'Sócio'], ['50', 'Empresário']];
const MOTIVOS: [string, string][] = [['00', 'SEM MOTIVO'], ['01', 'EXTINCAO POR ENCERRAMENTO LIQUIDACAO VOLUNTARIA'], ['63', 'OMISSAO DE DECLARACOES']];
const PAISES: [string, string][] = [['105', 'BRASIL'], ['249', 'ESTADOS UNIDOS'], ['607', 'PORTUGAL']];
const WORDS = ['AURORA', 'SOL', 'VALE', 'NOVA', 'BRASIL', 'CONCEIÇÃO', 'SÃO JOÃO', 'ESTRELA', 'PRIMAVERA', 'AÇAÍ', 'PIONEIRA', 'UNIÃO', 'CENTRAL', 'MODELO', 'IPÊ', 'JEQUITIBÁ', 'PARANÁ', 'GAÚCHA', 'MINEIRA', 'ATLÂNTICO'];
const ACTIVITY = ['PADARIA', 'TECNOLOGIA', 'COMÉRCIO', 'SERVIÇOS', 'TRANSPORTES', 'CONSTRUÇÕES', 'ALIMENTOS', 'CONFECÇÕES', 'CONSULTORIA', 'DISTRIBUIDORA'];
const FIRST = ['MARIA', 'JOSÉ', 'ANA', 'JOÃO', 'ANTÔNIO', 'FRANCISCA', 'CARLOS', 'PAULO', 'LUCIANA', 'MÁRCIO', 'FERNANDA', 'SEBASTIÃO'];
const LAST = ['SILVA', 'SANTOS', 'OLIVEIRA', 'SOUZA', 'LIMA', 'PEREIRA', 'FERREIRA', 'ALVES', 'RIBEIRO', 'GONÇALVES', 'ARAÚJO', 'CONCEIÇÃO'];
const STREETS = ['DAS ACACIAS', 'DOS IPES', 'SETE DE SETEMBRO', 'BRASIL', 'DAS FLORES', 'XV DE NOVEMBRO', 'PRINCIPAL', 'DOM PEDRO II', 'SANTOS DUMONT'];
const BAIRROS = ['CENTRO', 'JARDIM PRIMAVERA', 'VILA ESPERANCA', 'ASA SUL', 'BOA VISTA', 'SANTA CRUZ', 'INDUSTRIAL', 'SAO JOSE'];

/** mulberry32: a small deterministic PRNG. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The two check digits of a CNPJ's first 12 characters (0-9/A-Z, each worth its ASCII code − 48). */
export function cnpjCheckDigits(first12: string): string {
  const dv = (s: string) => {
    let sum = 0;
    let w = 2;
    for (let i = s.length - 1; i >= 0; i--) {
      sum += (s.charCodeAt(i) - 48) * w;
      w = w === 9 ? 2 : w + 1;
    }
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = dv(first12);
  return `${d1}${dv(first12 + d1)}`;
}

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** The i-th company's 8-character root: digits, or letters and digits for 1 in 40. */
function basico(i: number): string {
  if (i % 40 === 39) {
    let n = i;
    let s = '';
    for (let k = 0; k < 7; k++) {
      s = ALNUM[n % 36] + s;
      n = Math.floor(n / 36);
    }
    return `Z${s}`;
  }
  return String(10000000 + i).padStart(8, '0').slice(-8);
}

const q = (fields: (string | number)[]) => `${fields.map((f) => `"${f}"`).join(';')}\n`;
const pick = <T>(r: () => number, a: readonly T[]) => a[Math.floor(r() * a.length)]!;
const ymd = (r: () => number, from: number, to: number) => {
  const d = new Date(Date.UTC(from, 0, 1) + Math.floor(r() * (to - from) * 365.25 * 86400000));
  return d.toISOString().slice(0, 10).replaceAll('-', '');
};

/** Latin-1 bytes of generated lines, in chunks of about 256 KB. */
function latin1Stream(lines: () => Generator<string>): Readable {
  return Readable.from(
    (function* () {
      let buf = '';
      for (const l of lines()) {
        buf += l;
        if (buf.length >= 262144) {
          yield Buffer.from(buf, 'latin1');
          buf = '';
        }
      }
      if (buf) yield Buffer.from(buf, 'latin1');
    })(),
  );
}

export type GenerateOptions = { establishments: number; seed?: number; files?: number };
export type GenerateResult = { companies: number; establishments: number; partners: number; simples: number; zips: string[] };

export async function generateReceita(folder: string, opts: GenerateOptions): Promise<GenerateResult> {
  fs.mkdirSync(folder, { recursive: true });
  const seed = opts.seed ?? 14;
  const total = Math.max(1, Math.floor(opts.establishments));
  const companies = Math.max(1, Math.ceil(total / 1.15));
  const files = Math.max(1, Math.min(10, opts.files ?? Math.ceil(total / 250000)));
  const per = Math.ceil(companies / files);
  const date = 'D60912';
  const zips: string[] = [];
  const counts = { partners: 0, simples: 0, establishments: 0 };

  const write = (zipName: string, inner: string, lines: () => Generator<string>) =>
    new Promise<void>((resolve, reject) => {
      const zip = new yazl.ZipFile();
      const out = fs.createWriteStream(path.join(folder, zipName));
      out.once('error', reject);
      out.once('close', () => resolve());
      zip.outputStream.pipe(out);
      zip.addReadStream(latin1Stream(lines), inner, { compress: true });
      zip.end();
      zips.push(zipName);
    });
  const inner = (kind: Kind, n = 0) => `K3241.K03200Y${n}.${date}.${KINDS.find((k) => k.kind === kind)!.suffix}`;

  // Establishments per company: the first ones fill `total` exactly.
  const estabOf = (i: number) => {
    const extra = total - companies; // companies with 2 establishments
    return i < extra ? 2 : 1;
  };

  for (let f = 0; f < files; f++) {
    const from = f * per;
    const to = Math.min(companies, from + per);
    await write(`Empresas${f}.zip`, inner('empresas', f), function* () {
      for (let i = from; i < to; i++) {
        const r = rng(seed * 1000003 + i);
        const name = `${pick(r, WORDS)} ${pick(r, ACTIVITY)} ${pick(r, WORDS)} LTDA`;
        const porte = pick(r, ['01', '01', '01', '01', '03', '05', '00']);
        const capital = `${Math.floor(r() * 2000000)},${String(Math.floor(r() * 100)).padStart(2, '0')}`;
        yield q([basico(i), name, pick(r, NATUREZAS)[0], '49', capital, porte, '']);
      }
    });
    await write(`Estabelecimentos${f}.zip`, inner('estabelecimentos', f), function* () {
      for (let i = from; i < to; i++) {
        const r = rng(seed * 7919 + i);
        const b = basico(i);
        for (let o = 1; o <= estabOf(i); o++) {
          counts.establishments++;
          const ordem = String(o).padStart(4, '0');
          const [mun, , uf] = pick(r, GEN_MUNICIPIOS);
          const cnae = pick(r, GEN_CNAES)[0];
          const sec = r() < 0.45 ? [pick(r, GEN_CNAES)[0], pick(r, GEN_CNAES)[0]].filter((c) => c !== cnae).join(',') : '';
          const situacao = r() < 0.8 ? '02' : pick(r, ['08', '04', '03', '01']);
          const opened = ymd(r, 1975, 2026);
          const hasPhone = r() < 0.75;
          const hasEmail = r() < 0.5;
          yield q([
            b, ordem, cnpjCheckDigits(b + ordem), o === 1 ? 1 : 2, r() < 0.6 ? `${pick(r, WORDS)} ${pick(r, ACTIVITY)}` : '', situacao, opened, situacao === '02' ? '00' : '01', '', '',
            opened, cnae, sec, pick(r, ['RUA', 'AVENIDA', 'ALAMEDA', 'TRAVESSA']), pick(r, STREETS), r() < 0.1 ? 'S/N' : String(1 + Math.floor(r() * 3000)), r() < 0.3 ? `SALA ${1 + Math.floor(r() * 900)}` : '',
            pick(r, BAIRROS), String(1000000 + Math.floor(r() * 98999999)).padStart(8, '0'), uf, mun,
            hasPhone ? String(11 + Math.floor(r() * 88)) : '', hasPhone ? String(30000000 + Math.floor(r() * 69999999)) : '', '', '', '', '',
            hasEmail ? `contato${i}@empresa${i}.example` : '', '', '',
          ]);
        }
      }
    });
    await write(`Socios${f}.zip`, inner('socios', f), function* () {
      for (let i = from; i < to; i++) {
        const r = rng(seed * 104729 + i);
        const n = r() < 0.7 ? 1 : 2;
        for (let k = 0; k < n; k++) {
          counts.partners++;
          const cpf = `***${String(Math.floor(r() * 1000000)).padStart(6, '0')}**`;
          yield q([basico(i), '2', `${pick(r, FIRST)} ${pick(r, LAST)} ${pick(r, LAST)}`, cpf, '49', ymd(r, 1990, 2026), '', '***000000**', '', '00', String(1 + Math.floor(r() * 8))]);
        }
      }
    });
  }
  await write('Simples.zip', inner('simples'), function* () {
    for (let i = 0; i < companies; i++) {
      const r = rng(seed * 15485863 + i);
      if (r() >= 0.6) continue;
      counts.simples++;
      const mei = r() < 0.3;
      yield q([basico(i), 'S', ymd(r, 2007, 2026), '00000000', mei ? 'S' : 'N', mei ? ymd(r, 2009, 2026) : '00000000', '00000000']);
    }
  });
  const lookups: [Kind, string, [string, string][]][] = [
    ['cnaes', 'Cnaes', GEN_CNAES],
    ['municipios', 'Municipios', GEN_MUNICIPIOS.map(([c, n]) => [c, n])],
    ['naturezas', 'Naturezas', NATUREZAS],
    ['qualificacoes', 'Qualificacoes', QUALIFICACOES],
    ['paises', 'Paises', PAISES],
    ['motivos', 'Motivos', MOTIVOS],
  ];
  for (const [kind, zip, rows] of lookups) {
    await write(`${zip}.zip`, inner(kind), function* () {
      for (const row of rows) yield q(row);
    });
  }
  return { companies, establishments: counts.establishments, partners: counts.partners, simples: counts.simples, zips };
}
