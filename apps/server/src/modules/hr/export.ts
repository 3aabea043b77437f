import { formatCpf } from '@sede/shared/cpf';
import { CONTRACT_TYPE_LABELS, EMPLOYEE_STATUS_LABELS, type EmployeeListItem } from '@sede/shared/hr/schemas';
import { csvDocument, type TableColumn } from '../../platform/spreadsheets/writer.ts';

/** The employees list as CSV (the platform's writer, decision 0433). */
const COLUMNS: TableColumn<EmployeeListItem>[] = [
  { header: 'Nome', value: (e) => e.name },
  { header: 'CPF', value: (e) => formatCpf(e.cpf) },
  { header: 'E-mail', value: (e) => e.email },
  { header: 'Telefone', value: (e) => e.phone },
  { header: 'Cargo', value: (e) => e.position },
  { header: 'Departamento', value: (e) => e.department },
  { header: 'Admissão', value: (e) => e.admissionDate, kind: 'date' },
  { header: 'Tipo de contrato', value: (e) => CONTRACT_TYPE_LABELS[e.contractType] },
  { header: 'Situação', value: (e) => EMPLOYEE_STATUS_LABELS[e.status] },
  { header: 'Salário (R$)', value: (e) => e.salaryCents, kind: 'money' },
  { header: 'Gestor', value: (e) => e.managerName },
];

export const employeesCsv = (rows: EmployeeListItem[]) => csvDocument(COLUMNS, rows);
