/**
 * The CRM's contact tools (decisions 0155–0159): static lists, saved segments, bulk actions, export
 * and the CSV/XLSX import — request schemas, pt-BR messages and the import's pure logic
 * (encoding and separator detection, header mapping, row cleaning, validation, de-duplication),
 * shared by the server and the import wizard. Browser-safe.
 */
import { z } from 'zod';
import { patchBody } from '../patch.ts';
import { isValidCnpj, normalizeCnpjInput } from '../cnpj.ts';
import { UFS } from '../company.ts';
import { isValidCpf, onlyDigits } from '../cpf.ts';
import { looksLikeEmail, normalizeEmail } from '../email.ts';
import { contactFilterSchema, LEGAL_BASES, ownerIdSchema, tagsSchema, type LegalBasis } from '../platform/parties.ts';
import { safeText } from '../text.ts';

export const CRM_CONTACTS_MESSAGES = {
  listNameRequired: 'Informe o nome da lista.',
  segmentNameRequired: 'Informe o nome do segmento.',
  nameTooLong: 'O nome pode ter no máximo 120 caracteres.',
  descriptionTooLong: 'A descrição pode ter no máximo 500 caracteres.',
  listNotFound: 'Lista não encontrada.',
  segmentNotFound: 'Segmento não encontrado.',
  importNotFound: 'Importação não encontrada.',
  idInvalid: 'Identificador inválido.',
  tooManyIds: 'Selecione no máximo 1.000 contatos por vez.',
  noIds: 'Selecione ao menos um contato.',
  entityInvalid: 'Tipo de contato inválido: use people ou organizations.',
  actionInvalid: 'Ação em massa inválida.',
  tagsRequired: 'Informe ao menos uma etiqueta para adicionar ou remover.',
  someNotFound: 'Alguns contatos selecionados não foram encontrados.',
  fileRequired: 'Envie o arquivo antes de analisá-lo.',
  fileNotFound: 'Arquivo não encontrado para esta importação.',
  fileUnreadable: 'Não foi possível ler o arquivo: envie um CSV (separado por ; ou ,) ou uma planilha XLSX.',
  fileEmpty: 'O arquivo não tem linhas de dados.',
  tooManyRows: (max: number) => `O arquivo pode ter no máximo ${max.toLocaleString('pt-BR')} linhas.`,
  mappingLength: 'O mapeamento precisa ter uma escolha por coluna do arquivo.',
  mappingNeedsName: 'Escolha a coluna do nome (pessoa) ou da empresa.',
  mappingDuplicate: (label: string) => `A coluna "${label}" foi escolhida mais de uma vez.`,
  dedupeInvalid: 'Escolha mesclar ou ignorar os duplicados.',
  importNotReady: 'Esta importação não está pronta para começar: analise o arquivo primeiro.',
  importAlreadyStarted: 'Esta importação já foi iniciada.',
  importStillRunning: 'A importação ainda está em andamento.',
  rowNameRequired: 'Nome obrigatório (ou informe a empresa).',
  rowEmailInvalid: 'E-mail inválido',
  rowPhoneInvalid: 'Telefone inválido: use DDD + número (10 ou 11 dígitos).',
  rowCnpjInvalid: 'CNPJ inválido',
  rowCpfInvalid: 'CPF inválido',
  rowUfInvalid: 'UF inválida (use a sigla, como SP)',
  rowTooLong: (label: string, max: number) => `${label}: no máximo ${max} caracteres.`,
  rowTagInvalid: 'Etiqueta inválida: de 1 a 50 caracteres.',
  rowWrongColumns: 'Linha com número de colunas diferente do cabeçalho.',
} as const;

export const CRM_LIMITS = { listName: 120, description: 500, bulkIds: 1000, importRows: 100_000, previewRows: 10, importBatch: 5000 } as const;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuid = z.string({ error: CRM_CONTACTS_MESSAGES.idInvalid }).regex(uuidPattern, { message: CRM_CONTACTS_MESSAGES.idInvalid });

const name = (required: string) =>
  safeText({ error: required })
    .transform((v) => v.trim())
    .refine((v) => v.length > 0, { message: required, abort: true })
    .refine((v) => v.length <= CRM_LIMITS.listName, { message: CRM_CONTACTS_MESSAGES.nameTooLong });
const description = safeText({ multiline: true })
  .max(CRM_LIMITS.description * 4, CRM_CONTACTS_MESSAGES.descriptionTooLong)
  .transform((v) => v.trim())
  .refine((v) => v.length <= CRM_LIMITS.description, { message: CRM_CONTACTS_MESSAGES.descriptionTooLong })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

export const CONTACT_ENTITIES = ['people', 'organizations'] as const;
export type ContactEntity = (typeof CONTACT_ENTITIES)[number];
const entity = z.enum(CONTACT_ENTITIES, { error: CRM_CONTACTS_MESSAGES.entityInvalid });

// ---- lists ----

/** POST /api/crm-contacts/lists */
export const listCreateSchema = z.strictObject({ name: name(CRM_CONTACTS_MESSAGES.listNameRequired), description });
/** PATCH /api/crm-contacts/lists/:id */
export const listUpdateSchema = patchBody(z.strictObject({ name: name(CRM_CONTACTS_MESSAGES.listNameRequired).optional(), description }));

const ids = z.array(uuid, { error: CRM_CONTACTS_MESSAGES.idInvalid }).max(CRM_LIMITS.bulkIds, CRM_CONTACTS_MESSAGES.tooManyIds);
/** POST / DELETE /api/crm-contacts/lists/:id/members */
export const listMembersSchema = z
  .strictObject({ personIds: ids.optional(), organizationIds: ids.optional() })
  .refine((v) => (v.personIds?.length ?? 0) + (v.organizationIds?.length ?? 0) > 0, { message: CRM_CONTACTS_MESSAGES.noIds });

export const crmListSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  peopleCount: z.number(),
  organizationsCount: z.number(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CrmList = z.infer<typeof crmListSchema>;
export const crmListListSchema = z.object({ items: z.array(crmListSchema) });
export const listMembersAddedSchema = z.object({ added: z.number() });
export const listMembersRemovedSchema = z.object({ removed: z.number() });

// ---- segments ----

/** POST /api/crm-contacts/segments: a name and the filter, evaluated whenever the segment is opened. */
export const segmentCreateSchema = z.strictObject({ name: name(CRM_CONTACTS_MESSAGES.segmentNameRequired), entity, filter: contactFilterSchema });
/** PATCH /api/crm-contacts/segments/:id */
export const segmentUpdateSchema = patchBody(z.strictObject({ name: name(CRM_CONTACTS_MESSAGES.segmentNameRequired).optional(), filter: contactFilterSchema.optional() }));
export const crmSegmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  entity: z.enum(CONTACT_ENTITIES),
  filter: contactFilterSchema,
  count: z.number(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CrmSegment = z.infer<typeof crmSegmentSchema>;
export const crmSegmentListSchema = z.object({ items: z.array(crmSegmentSchema) });

// ---- bulk actions ----

const bulkAction = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('add_to_list'), listId: uuid }),
    z.strictObject({ type: z.literal('tag'), add: tagsSchema.default([]), remove: tagsSchema.default([]) }),
    z.strictObject({ type: z.literal('assign_owner'), ownerId: ownerIdSchema.nullable() }),
    z.strictObject({ type: z.literal('delete') }),
  ],
  { error: CRM_CONTACTS_MESSAGES.actionInvalid },
);

/**
 * POST /api/crm-contacts/bulk: one action on the selected ids or on every contact matching a
 * filter, in one transaction, audited.
 */
export const bulkSchema = z
  .strictObject({
    entity,
    /** The selected ids, or every contact matching the filter. */
    target: z
      .strictObject({ ids: ids.min(1, CRM_CONTACTS_MESSAGES.noIds).optional(), filter: contactFilterSchema.optional() }, { error: CRM_CONTACTS_MESSAGES.noIds })
      .refine((v) => (v.ids === undefined) !== (v.filter === undefined), { message: CRM_CONTACTS_MESSAGES.noIds }),
    action: bulkAction,
  })
  .refine((v) => v.action.type !== 'tag' || v.action.add.length + v.action.remove.length > 0, { message: CRM_CONTACTS_MESSAGES.tagsRequired });
export type BulkRequest = z.input<typeof bulkSchema>;
export const bulkResultSchema = z.object({ affected: z.number() });
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** GET /api/crm-contacts/export?entity=people&<filter>: CSV. */
export const exportQuerySchema = contactFilterSchema.extend({ entity: entity.default('people') });

// ---- import ----

/** The fields an import column can fill, with their pt-BR labels. */
export const IMPORT_FIELDS = {
  name: 'Nome',
  email: 'E-mail',
  phone: 'Telefone',
  mobile: 'Celular',
  company: 'Empresa',
  cnpj: 'CNPJ',
  position: 'Cargo',
  city: 'Cidade',
  state: 'UF',
  cpf: 'CPF',
  tags: 'Etiquetas',
  notes: 'Observações',
} as const;
export type ImportField = keyof typeof IMPORT_FIELDS;
const IMPORT_FIELD_KEYS = Object.keys(IMPORT_FIELDS) as [ImportField, ...ImportField[]];

/** Header words (accents and case ignored) that suggest each field. */
const HEADER_HINTS: Array<[ImportField, RegExp]> = [
  ['email', /^(e-?mail|email|correio eletronico)( principal)?$/],
  ['mobile', /^(celular|cel|whats ?app|telefone celular|movel)$/],
  ['phone', /^(telefone|tel|fone|telefone fixo|phone)$/],
  ['cnpj', /^cnpj( da empresa)?$/],
  ['cpf', /^cpf$/],
  ['company', /^(empresa|organizacao|companhia|razao social|company|cliente)$/],
  ['position', /^(cargo|funcao|position|titulo)$/],
  ['city', /^(cidade|municipio|city|localidade|cidade\/uf|cidade - uf)$/],
  ['state', /^(uf|estado|state|sigla do estado)$/],
  ['tags', /^(tags?|etiquetas?|marcadores?)$/],
  ['notes', /^(observacoes|observacao|obs|notas?|comentarios?)$/],
  ['name', /^(nome|nome completo|contato|name|pessoa|nome do contato)$/],
];

export const normalizeHeader = (h: string) =>
  h
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[_.]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A suggested field per column from its header (Portuguese names); each field at most once. */
export function suggestMapping(headers: readonly string[]): Array<ImportField | null> {
  const used = new Set<ImportField>();
  return headers.map((h) => {
    const n = normalizeHeader(h);
    const hit = HEADER_HINTS.find(([field, re]) => !used.has(field) && re.test(n));
    if (!hit) return null;
    used.add(hit[0]);
    return hit[0];
  });
}

/** POST /api/crm-contacts/imports/:id/analyze */
export const importAnalyzeSchema = z.strictObject({ fileId: uuid });

/** POST /api/crm-contacts/imports/:id/start */
export const importStartSchema = z
  .strictObject({
    mapping: z.array(z.enum(IMPORT_FIELD_KEYS, { error: CRM_CONTACTS_MESSAGES.mappingLength }).nullable(), { error: CRM_CONTACTS_MESSAGES.mappingLength }).max(200, CRM_CONTACTS_MESSAGES.mappingLength),
    dedupe: z.enum(['merge', 'skip'], { error: CRM_CONTACTS_MESSAGES.dedupeInvalid }),
    legalBasis: z.enum(Object.keys(LEGAL_BASES) as [LegalBasis, ...LegalBasis[]], { error: 'Base legal inválida.' }).nullable().default(null),
    /** Tags given to every imported contact. */
    tags: tagsSchema.default([]),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    for (const f of v.mapping) {
      if (!f) continue;
      if (seen.has(f)) ctx.addIssue({ code: 'custom', message: CRM_CONTACTS_MESSAGES.mappingDuplicate(IMPORT_FIELDS[f]) });
      seen.add(f);
    }
    if (!seen.has('name') && !seen.has('company')) ctx.addIssue({ code: 'custom', message: CRM_CONTACTS_MESSAGES.mappingNeedsName });
  });
export type ImportStart = z.input<typeof importStartSchema>;
export type ImportSettings = z.output<typeof importStartSchema>;

const importEncodingSchema = z.enum(['utf-8', 'windows-1252', 'xlsx']);
export type ImportEncoding = z.infer<typeof importEncodingSchema>;
const importStatusSchema = z.enum(['draft', 'ready', 'queued', 'running', 'done', 'failed']);
export type ImportStatus = z.infer<typeof importStatusSchema>;
export const importPreviewSchema = z.object({
  headers: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  totalRows: z.number(),
  encoding: importEncodingSchema,
  separator: z.string().nullable(),
  suggested: z.array(z.enum(IMPORT_FIELD_KEYS).nullable()),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;
export const crmImportSchema = z.object({
  id: z.string(),
  status: importStatusSchema,
  fileName: z.string().nullable(),
  encoding: importEncodingSchema.nullable(),
  separator: z.string().nullable(),
  jobRunId: z.string().nullable(),
  totalRows: z.number(),
  processedRows: z.number(),
  createdCount: z.number(),
  mergedCount: z.number(),
  skippedCount: z.number(),
  errorCount: z.number(),
  organizationsCreated: z.number(),
  error: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type CrmImport = z.infer<typeof crmImportSchema>;
export const crmImportListSchema = z.object({ items: z.array(crmImportSchema) });
/** POST /api/crm-contacts/imports/:id/analyze answers the preview with the import. */
export const importAnalysisSchema = importPreviewSchema.extend({ import: crmImportSchema });

const isEmptyRow = (row: readonly string[]) => row.every((c) => c.trim() === '');

/**
 * The header and the data rows of a parsed sheet: leading empty lines skipped, empty lines and
 * lines repeating the header (a file pasted together from several exports) dropped. Each row
 * keeps its line number (1 = the header line).
 */
export function cleanRows(rows: readonly string[][]): { header: string[]; rows: Array<{ line: number; values: string[] }> } {
  let start = 0;
  while (start < rows.length && isEmptyRow(rows[start]!)) start++;
  const header = (rows[start] ?? []).map((h) => h.trim());
  const headerKey = header.map(normalizeHeader).join('\u0001');
  const out: Array<{ line: number; values: string[] }> = [];
  for (let i = start + 1; i < rows.length; i++) {
    const row = rows[i]!;
    if (isEmptyRow(row)) continue;
    if (row.length === header.length && row.map(normalizeHeader).join('\u0001') === headerKey) continue;
    out.push({ line: i - start + 1, values: row });
  }
  return { header, rows: out };
}

/** One valid row of an import, normalized. */
export type ImportedContact = {
  name: string | null;
  emails: string[];
  phones: string[];
  company: string | null;
  cnpj: string | null;
  position: string | null;
  /** The city and its UF (decision 0405): a 'Cidade' column may carry both ('Campinas/SP', 'Campinas - SP'). */
  municipio: string | null;
  uf: string | null;
  cpf: string | null;
  tags: string[];
  notes: string | null;
};
export type RowError = { field: ImportField | null; message: string };

const splitMulti = (v: string) =>
  v
    .split(/[;,/|]/)
    .map((x) => x.trim())
    .filter(Boolean);

/** Validates and normalizes one row with the mapping (the parties' rules: e-mail, phone, CNPJ, CPF). */
export function validateImportRow(values: readonly string[], mapping: ReadonlyArray<ImportField | null>): { contact: ImportedContact; errors: RowError[] } {
  const errors: RowError[] = [];
  const c: ImportedContact = { name: null, emails: [], phones: [], company: null, cnpj: null, position: null, municipio: null, uf: null, cpf: null, tags: [], notes: null };
  const text = (field: ImportField, v: string, max: number) => {
    if (v.length > max) {
      errors.push({ field, message: CRM_CONTACTS_MESSAGES.rowTooLong(IMPORT_FIELDS[field], max) });
      return null;
    }
    // Control characters (other than tab/newline in notes) are dropped, as safeText refuses them.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping control characters is this regex's purpose
    return v.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '') || null;
  };
  mapping.forEach((field, i) => {
    if (!field) return;
    const raw = (values[i] ?? '').trim();
    if (!raw) return;
    switch (field) {
      case 'name':
        c.name = text(field, raw.replace(/\s+/g, ' '), 300);
        break;
      case 'email':
        for (const e of splitMulti(raw)) {
          const n = normalizeEmail(e);
          if (n.length > 320 || !looksLikeEmail(n)) errors.push({ field, message: `${CRM_CONTACTS_MESSAGES.rowEmailInvalid}: ${e.slice(0, 80)}` });
          else if (!c.emails.includes(n)) c.emails.push(n);
        }
        break;
      case 'phone':
      case 'mobile':
        for (const p of splitMulti(raw)) {
          // +55 and a leading 0 (long-distance prefix) are common in exported sheets.
          let digits = onlyDigits(p);
          if (digits.length > 11 && digits.startsWith('55')) digits = digits.slice(2);
          if (digits.length > 10 && digits.startsWith('0')) digits = digits.slice(1);
          if (/[^\d()\-\s+.]/.test(p) || digits.length < 10 || digits.length > 11) errors.push({ field, message: `${CRM_CONTACTS_MESSAGES.rowPhoneInvalid} (${p.slice(0, 40)})` });
          else if (!c.phones.includes(digits)) c.phones.push(digits);
        }
        break;
      case 'company':
        c.company = text(field, raw, 300);
        break;
      case 'cnpj': {
        const n = normalizeCnpjInput(raw);
        if (n.length !== 14 || !isValidCnpj(n)) errors.push({ field, message: `${CRM_CONTACTS_MESSAGES.rowCnpjInvalid}: ${raw.slice(0, 40)}` });
        else c.cnpj = n;
        break;
      }
      case 'cpf':
        if (!isValidCpf(raw) || onlyDigits(raw).length !== 11) errors.push({ field, message: `${CRM_CONTACTS_MESSAGES.rowCpfInvalid}: ${raw.slice(0, 40)}` });
        else c.cpf = onlyDigits(raw);
        break;
      case 'position':
        c.position = text(field, raw, 200);
        break;
      case 'notes':
        c.notes = text(field, raw, 10_000);
        break;
      case 'city': {
        const both = /^(.*?)\s*(?:\/|-|,|\()\s*([A-Za-z]{2})\)?$/.exec(raw);
        const uf = both?.[2]?.toUpperCase();
        if (both && uf && (UFS as readonly string[]).includes(uf)) {
          c.municipio = text(field, both[1]!.trim(), 200);
          c.uf ??= uf;
        } else c.municipio = text(field, raw, 200);
        break;
      }
      case 'state': {
        const uf = raw.toUpperCase();
        if ((UFS as readonly string[]).includes(uf)) c.uf = uf;
        else errors.push({ field, message: `${CRM_CONTACTS_MESSAGES.rowUfInvalid}: ${raw.slice(0, 40)}` });
        break;
      }
      case 'tags':
        for (const t of splitMulti(raw)) {
          // tagSchema's rule (1–50 characters), without a zod parse per cell.
          if (t.length > 50) errors.push({ field, message: CRM_CONTACTS_MESSAGES.rowTagInvalid });
          else if (!c.tags.includes(t)) c.tags.push(t);
        }
        break;
    }
  });
  c.emails = c.emails.slice(0, 10);
  c.phones = c.phones.slice(0, 10);
  c.tags = c.tags.slice(0, 20);
  if (!c.name && !c.company && !c.cnpj) errors.push({ field: 'name', message: CRM_CONTACTS_MESSAGES.rowNameRequired });
  return { contact: c, errors };
}

/** The keys a contact is de-duplicated by: each e-mail, each phone, the CPF (people) or the CNPJ. */
export function dedupeKeys(c: Pick<ImportedContact, 'emails' | 'phones' | 'cpf'>): string[] {
  return [...c.emails.map((e) => `e:${e}`), ...c.phones.map((p) => `p:${p}`), ...(c.cpf ? [`c:${c.cpf}`] : [])];
}

/**
 * An index from de-duplication keys to the contact that holds them: the company's existing
 * people, then each row as it is imported, so a later row with the same e-mail, phone or CPF
 * as an earlier one (in the base or in the file) is found.
 */
export class DedupeIndex<T> {
  private readonly byKey = new Map<string, T>();
  find(keys: readonly string[]): T | undefined {
    for (const k of keys) {
      const hit = this.byKey.get(k);
      if (hit !== undefined) return hit;
    }
    return undefined;
  }
  add(keys: readonly string[], value: T): void {
    for (const k of keys) if (!this.byKey.has(k)) this.byKey.set(k, value);
  }
  get size() {
    return this.byKey.size;
  }
}

type Mergeable = { emails: string[]; phones: string[]; tags: string[]; position: string | null; municipio: string | null; uf: string | null; cpf: string | null; notes: string | null };

/** What a merge changes on an existing contact: new e-mails, phones and tags appended; empty fields filled; nothing overwritten. */
export function mergeContact(existing: Mergeable, incoming: Pick<ImportedContact, keyof Mergeable>): Mergeable {
  const union = (a: string[], b: string[], max: number) => [...new Set([...a, ...b])].slice(0, Math.max(max, a.length));
  return {
    emails: union(existing.emails, incoming.emails, 10),
    phones: union(existing.phones, incoming.phones, 10),
    tags: union(existing.tags, incoming.tags, 20),
    position: existing.position ?? incoming.position,
    // City and UF go together: filled only when the contact has no city yet.
    municipio: existing.municipio ?? incoming.municipio,
    uf: existing.municipio ? existing.uf : (incoming.uf ?? existing.uf),
    cpf: existing.cpf ?? incoming.cpf,
    notes: existing.notes ?? incoming.notes,
  };
}
