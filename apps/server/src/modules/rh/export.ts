import { CONTRACT_TYPE_LABELS, EMPLOYEE_STATUS_LABELS, type EmployeeListItem } from '@sede/shared/rh/schemas';

/**
 * The employees list as CSV for Brazilian spreadsheets (like the finance lists, decision 0174):
 * UTF-8 with BOM, `;` between cells, decimal comma, dd/mm/aaaa, formula injection defused.
 */
const HEADERS = ['Nome', 'CPF', 'E-mail', 'Telefone', 'Cargo', 'Departamento', 'Admissão', 'Tipo de contrato', 'Situação', 'Salário (R$)', 'Gestor'];
function csvCell(value: string | null): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const br = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');
const money = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2).replace('.', ','));
const cpf = (d: string) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;

export function employeesCsv(rows: EmployeeListItem[]): string {
  const lines = rows.map((e) =>
    [e.name, cpf(e.cpf), e.email, e.phone, e.position, e.department, br(e.admissionDate), CONTRACT_TYPE_LABELS[e.contractType], EMPLOYEE_STATUS_LABELS[e.status], money(e.salaryCents), e.managerName]
      .map(csvCell)
      .join(';'),
  );
  return `\uFEFF${[HEADERS.join(';'), ...lines].join('\r\n')}\r\n`;
}
