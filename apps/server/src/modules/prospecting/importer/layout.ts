/**
 * The layout of the Receita Federal open CNPJ files (decision 0200): one kind per ZIP name
 * prefix (`Estabelecimentos3.zip`), `;`-separated, every field quoted, ISO-8859-1, no header.
 * Each kind turns one source line into one line of PostgreSQL's COPY text format.
 */

export type Kind = 'empresas' | 'estabelecimentos' | 'socios' | 'simples' | 'cnaes' | 'municipios' | 'naturezas' | 'qualificacoes' | 'paises' | 'motivos';

export type KindSpec = {
  kind: Kind;
  /** ZIP name prefix, as the Receita names them (case-insensitive). */
  zip: string;
  /** The inner file's suffix in the official ZIPs (the generator writes it). */
  suffix: string;
  table: string;
  columns: number;
  /** Target columns of the COPY, in order. */
  copyColumns: string[];
  /** Source fields → COPY fields (already escaped; `\N` for null). */
  convert: (f: string[]) => string[];
};

const NULL = '\\N';

/** Escapes a text value for COPY's text format. */
function esc(v: string): string {
  if (v === '') return NULL;
  if (/[\\\t\n\r]/.test(v)) return v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
  return v;
}
const txt = (v: string) => esc(v.trim());

/** `YYYYMMDD` → `YYYY-MM-DD`; `0`, `00000000`, empty or impossible → null. */
export function date(v: string): string {
  if (v.length !== 8 || v === '00000000') return NULL;
  const y = +v.slice(0, 4);
  const m = +v.slice(4, 6);
  const d = +v.slice(6, 8);
  if (!(y >= 1800 && y <= 2200 && m >= 1 && m <= 12 && d >= 1)) return NULL;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > days) return NULL;
  return `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}`;
}

/** "1061004829,23" → "106100482923" (cents); dots as thousands separators are dropped. */
export function cents(v: string): string {
  const s = v.replace(/\./g, '').trim();
  if (s === '') return NULL;
  const m = /^(\d{1,16})(?:,(\d{1,2}))?$/.exec(s);
  if (!m) throw new LayoutError(`capital social inválido: "${v}"`);
  return String(BigInt(m[1]!) * 100n + BigInt((m[2] ?? '0').padEnd(2, '0')));
}

const smallint = (v: string) => (/^\d{1,4}$/.test(v.trim()) ? String(+v) : NULL);

const CNPJ_PART = /^[0-9A-Z]+$/;
function part(v: string, length: number, label: string): string {
  if (v.length !== length || !CNPJ_PART.test(v)) throw new LayoutError(`${label} inválido: "${v}"`);
  return v;
}

/** A problem with one line's content: the importer adds the file and line. */
export class LayoutError extends Error {}

const lookup = (kind: Kind, zip: string, suffix: string): KindSpec => ({
  kind,
  zip,
  suffix,
  table: `rf_${kind}`,
  columns: 2,
  copyColumns: ['codigo', 'descricao'],
  convert: (f) => [txt(f[0]!) === NULL ? '' : txt(f[0]!), txt(f[1]!) === NULL ? '' : txt(f[1]!)],
});

export const KINDS: KindSpec[] = [
  {
    kind: 'empresas',
    zip: 'Empresas',
    suffix: 'EMPRECSV',
    table: 'rf_empresas',
    columns: 7,
    copyColumns: ['cnpj_basico', 'razao_social', 'natureza_juridica', 'qualificacao_responsavel', 'capital_cents', 'porte', 'ente_federativo'],
    convert: (f) => [part(f[0]!, 8, 'CNPJ básico'), esc(f[1]!.trim()) === NULL ? '' : esc(f[1]!.trim()), txt(f[2]!), txt(f[3]!), cents(f[4]!), txt(f[5]!), txt(f[6]!)],
  },
  {
    kind: 'estabelecimentos',
    zip: 'Estabelecimentos',
    suffix: 'ESTABELE',
    table: 'rf_estabelecimentos',
    columns: 30,
    copyColumns: [
      'cnpj', 'cnpj_basico', 'matriz_filial', 'nome_fantasia', 'situacao', 'data_situacao', 'motivo_situacao', 'cidade_exterior', 'pais',
      'data_inicio', 'cnae_principal', 'cnaes_secundarias', 'tipo_logradouro', 'logradouro', 'numero', 'complemento', 'bairro', 'cep', 'uf',
      'municipio', 'ddd1', 'telefone1', 'ddd2', 'telefone2', 'ddd_fax', 'fax', 'email', 'situacao_especial', 'data_situacao_especial',
    ],
    convert: (f) => {
      const basico = part(f[0]!, 8, 'CNPJ básico');
      const cnpj = basico + part(f[1]!, 4, 'CNPJ ordem') + part(f[2]!, 2, 'CNPJ DV');
      const sec = f[12]!.trim();
      const secondary = sec === '' ? NULL : `{${sec.split(',').map((c) => c.trim()).filter((c) => /^\d{7}$/.test(c)).join(',')}}`;
      return [
        cnpj, basico, smallint(f[3]!), txt(f[4]!), txt(f[5]!), date(f[6]!), txt(f[7]!), txt(f[8]!), txt(f[9]!),
        date(f[10]!), txt(f[11]!), secondary, txt(f[13]!), txt(f[14]!), txt(f[15]!), txt(f[16]!), txt(f[17]!), txt(f[18]!), txt(f[19]!),
        txt(f[20]!), txt(f[21]!), txt(f[22]!), txt(f[23]!), txt(f[24]!), txt(f[25]!), txt(f[26]!), txt(f[27]!.toLowerCase()), txt(f[28]!), date(f[29]!),
      ];
    },
  },
  {
    kind: 'socios',
    zip: 'Socios',
    suffix: 'SOCIOCSV',
    table: 'rf_socios',
    columns: 11,
    copyColumns: ['cnpj_basico', 'identificador', 'nome', 'documento', 'qualificacao', 'data_entrada', 'pais', 'representante_documento', 'representante_nome', 'representante_qualificacao', 'faixa_etaria'],
    convert: (f) => [part(f[0]!, 8, 'CNPJ básico'), smallint(f[1]!), txt(f[2]!), txt(f[3]!), txt(f[4]!), date(f[5]!), txt(f[6]!), txt(f[7]!), txt(f[8]!), txt(f[9]!), smallint(f[10]!)],
  },
  {
    kind: 'simples',
    zip: 'Simples',
    suffix: 'SIMPLES.CSV.D60912',
    table: 'rf_simples',
    columns: 7,
    copyColumns: ['cnpj_basico', 'opcao_simples', 'data_opcao_simples', 'data_exclusao_simples', 'opcao_mei', 'data_opcao_mei', 'data_exclusao_mei'],
    convert: (f) => [part(f[0]!, 8, 'CNPJ básico'), txt(f[1]!), date(f[2]!), date(f[3]!), txt(f[4]!), date(f[5]!), date(f[6]!)],
  },
  lookup('cnaes', 'Cnaes', 'CNAECSV'),
  lookup('municipios', 'Municipios', 'MUNICCSV'),
  lookup('naturezas', 'Naturezas', 'NATJUCSV'),
  lookup('qualificacoes', 'Qualificacoes', 'QUALSCSV'),
  lookup('paises', 'Paises', 'PAISCSV'),
  lookup('motivos', 'Motivos', 'MOTICSV'),
];

/** The kind of a ZIP by its name (`Estabelecimentos3.zip`, `Cnaes.zip`), or null. */
export function kindOfZip(name: string): KindSpec | null {
  const m = /^([A-Za-z]+)\d*\.zip$/i.exec(name);
  if (!m) return null;
  return KINDS.find((k) => k.zip.toLowerCase() === m[1]!.toLowerCase()) ?? null;
}

/**
 * Splits one official line (`"a";"b";""`) into its fields. Fields are quoted and `;`-separated;
 * a quote inside a field (the Receita does not escape them) is kept unless it sits next to `;`.
 * Returns null when the line is not in that shape.
 */
export function splitLine(line: string): string[] | null {
  if (line.length < 2 || line.charCodeAt(0) !== 34 || line.charCodeAt(line.length - 1) !== 34) return null;
  return line.slice(1, -1).split('";"');
}
