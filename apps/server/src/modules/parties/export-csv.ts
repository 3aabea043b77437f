import type { PersonExport } from '@sede/shared/platform/parties';

/** One cell: quoted when needed; a leading = + - @ is defused (spreadsheet formula injection). */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : Array.isArray(value) ? value.join('; ') : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const yes = (v: boolean) => (v ? 'sim' : 'não');

/** The export as a two-column CSV (campo, valor), UTF-8 with BOM so spreadsheets read the accents. */
export function personExportCsv(data: PersonExport): string {
  const p = data.person;
  const o = data.organization;
  const rows: Array<[string, unknown]> = [
    ['Exportado em', data.exportedAt],
    ['Empresa (controladora)', data.company.name],
    ['ID da pessoa', p.id],
    ['Nome', p.name],
    ['E-mails', p.emails],
    ['Telefones', p.phones],
    ['CPF', p.cpf],
    ['Cargo', p.position],
    ['Organização', o ? o.razaoSocial : null],
    ['CNPJ da organização', o?.cnpj ?? null],
    ['Observações', p.notes],
    ['Base legal', data.legalBasisLabel],
    ['Origem da base legal', p.legalBasisSource],
    ['Data da base legal', p.legalBasisAt],
    ['Não receber e-mails', yes(p.emailOptOut)],
    ['Não receber WhatsApp', yes(p.whatsappOptOut)],
    ['E-mail devolvido', yes(p.emailBounced)],
    ['Contato suprimido', yes(p.suppressed)],
    ['Criado em', p.createdAt],
    ['Atualizado em', p.updatedAt],
    // What the areas hold about the person, one row per area (its part as JSON).
    ...Object.entries(data.areas).map(([key, part]): [string, unknown] => [`Área: ${key}`, JSON.stringify(part)]),
  ];
  return `\uFEFF${[['campo', 'valor'], ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
