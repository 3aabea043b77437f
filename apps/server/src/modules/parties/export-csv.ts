import type { PersonExport } from '@sede/shared/platform/parties';
import { type Cell, CSV_BOM, csvLine } from '../../platform/spreadsheets/writer.ts';


const yes = (v: boolean) => (v ? 'sim' : 'não');

/** The export as a two-column CSV (campo, valor), through the platform's writer (decision 0433). */
export function personExportCsv(data: PersonExport): string {
  const p = data.person;
  const o = data.organization;
  const rows: Array<[string, Cell]> = [
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
    ...Object.entries(data.areas).map(([key, part]): [string, Cell] => [`Área: ${key}`, JSON.stringify(part)]),
  ];
  return `${CSV_BOM}${[['campo', 'valor'] as [string, Cell], ...rows].map(csvLine).join('')}`;
}
