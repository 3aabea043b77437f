import { isValidCpf as brIsValidCpf } from '@brazilian-utils/brazilian-utils';
import { z } from 'zod';
import { patchBody } from '../patch.ts';
import { isValidPhone } from '../phone.ts';
import { todayInBrazil } from '../platform/calendar.ts';
import { safeText } from '../text.ts';

/** RH (decisions 0220–0224): the employees register (colaboradores), their leaves and the /rh overview. */

export const CONTRACT_TYPES = ['clt', 'pj', 'estagio', 'temporario', 'aprendiz', 'autonomo'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];
export const CONTRACT_TYPE_LABELS: Record<ContractType, string> = {
  clt: 'CLT',
  pj: 'PJ',
  estagio: 'Estágio',
  temporario: 'Temporário',
  aprendiz: 'Aprendiz',
  autonomo: 'Autônomo',
};

export const EMPLOYEE_STATUSES = ['ativo', 'afastado', 'desligado'] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];
export const EMPLOYEE_STATUS_LABELS: Record<EmployeeStatus, string> = { ativo: 'Ativo', afastado: 'Afastado', desligado: 'Desligado' };

export const LEAVE_TYPES = ['ferias', 'licenca_medica', 'licenca_maternidade', 'licenca_paternidade', 'outros'] as const;
export type LeaveType = (typeof LEAVE_TYPES)[number];
export const LEAVE_TYPE_LABELS: Record<LeaveType, string> = {
  ferias: 'Férias',
  licenca_medica: 'Licença médica',
  licenca_maternidade: 'Licença-maternidade',
  licenca_paternidade: 'Licença-paternidade',
  outros: 'Outros',
};

export const EMPLOYEE_SORTS = ['name', 'admissionDate', 'department'] as const;
export type EmployeeSort = (typeof EMPLOYEE_SORTS)[number];

/** The salary's upper bound: R$ 10 milhões a month. */
export const MAX_SALARY_CENTS = 1_000_000_000;

export const HR_MESSAGES = {
  id: 'Identificador inválido.',
  name: 'Informe o nome do colaborador.',
  nameTooLong: 'O nome pode ter no máximo 160 caracteres.',
  cpf: 'CPF inválido: confira os dígitos.',
  cpfTaken: 'Já existe um colaborador com este CPF.',
  email: 'E-mail inválido.',
  phone: 'Telefone inválido: use DDD e número, como (11) 98765-4321.',
  date: 'Data inválida: use uma data entre 1900 e 2100.',
  birthDate: 'A data de nascimento não pode ser no futuro.',
  admissionDate: 'Informe a data de admissão.',
  text: 'O texto pode ter no máximo 120 caracteres.',
  notes: 'As observações podem ter no máximo 4.000 caracteres.',
  contractType: 'Tipo de contrato inválido.',
  status: 'Situação inválida.',
  salary: 'Salário inválido: informe um valor em centavos entre R$ 0,00 e R$ 10 milhões.',
  terminationDate: 'Informe a data de desligamento.',
  terminationBeforeAdmission: 'O desligamento não pode ser antes da admissão.',
  terminationOnlyWhenTerminated: 'A data de desligamento só vale para quem está desligado.',
  manager: 'Gestor não encontrado entre os colaboradores.',
  managerSelf: 'Um colaborador não pode ser o próprio gestor.',
  managerCycle: 'Este gestor é subordinado ao colaborador: escolha outro.',
  employeeNotFound: 'Colaborador não encontrado.',
  leaveNotFound: 'Período não encontrado.',
  leaveType: 'Tipo de período inválido.',
  leaveEndBeforeStart: 'O fim do período não pode ser antes do início.',
  leaveStart: 'Informe o início do período.',
  leaveEnd: 'Informe o fim do período.',
  leaveTooLong: 'Um período pode ter no máximo 2 anos.',
  cursor: 'Paginação inválida: recarregue a lista.',
  sort: 'Ordenação inválida.',
  limit: 'Tamanho de página inválido: de 1 a 100.',
} as const;

const M = HR_MESSAGES;
export const idSchema = z.uuid({ error: M.id });

const isoDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && v >= '1900-01-01' && v <= '2100-12-31' && !Number.isNaN(Date.parse(v));
const date = (error: string = M.date) => z.string({ error }).refine(isoDate, { message: M.date });
const optionalDate = date()
  .nullish()
  .transform((v) => v ?? null);
const shortText = safeText({ error: M.text })
  .max(120, M.text)
  .nullish()
  .transform((v) => v?.trim() || null);

/** CPF: @brazilian-utils' check (digits, reserved numbers); only digits and mask characters; stored as 11 digits. */
export const cpfSchema = z
  .string({ error: M.cpf })
  .refine((v) => !/[^\d.\-\s]/.test(v) && brIsValidCpf(v.trim()), { message: M.cpf })
  .transform((v) => v.replace(/\D/g, ''));

const fields = {
  name: safeText({ error: M.name })
    .transform((v) => v.trim())
    .pipe(z.string().min(1, M.name).max(160, M.nameTooLong)),
  cpf: cpfSchema,
  email: z
    .string({ error: M.email })
    .trim()
    .toLowerCase()
    .max(254, M.email)
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || z.email().safeParse(v).success, { message: M.email }),
  phone: z
    .string({ error: M.phone })
    .nullish()
    .transform((v) => v?.replace(/\D/g, '') || null)
    .refine((v) => v === null || isValidPhone(v), { message: M.phone }),
  birthDate: optionalDate.refine((v) => v === null || v <= todayInBrazil(), { message: M.birthDate }),
  position: shortText,
  department: shortText,
  admissionDate: date(M.admissionDate),
  contractType: z.enum(CONTRACT_TYPES, { error: M.contractType }),
  salaryCents: z
    .number({ error: M.salary })
    .int(M.salary)
    .min(0, M.salary)
    .max(MAX_SALARY_CENTS, M.salary)
    .nullish()
    .transform((v) => v ?? null),
  managerId: idSchema.nullish().transform((v) => v ?? null),
  status: z.enum(EMPLOYEE_STATUSES, { error: M.status }),
  terminationDate: optionalDate,
  notes: safeText({ multiline: true, error: M.notes })
    .max(4000, M.notes)
    .nullish()
    .transform((v) => v?.trim() || null),
};

type Dates = { status?: EmployeeStatus; admissionDate?: string; terminationDate?: string | null };
/** Cross-field rules, checked on the create body and on the merged row of an update. */
export function employeeDatesError(v: Dates): { message: string; path: string } | null {
  if (v.status === 'desligado' && !v.terminationDate) return { message: M.terminationDate, path: 'terminationDate' };
  if (v.status && v.status !== 'desligado' && v.terminationDate) return { message: M.terminationOnlyWhenTerminated, path: 'terminationDate' };
  if (v.terminationDate && v.admissionDate && v.terminationDate < v.admissionDate) return { message: M.terminationBeforeAdmission, path: 'terminationDate' };
  return null;
}

export const employeeCreateSchema = z
  .object({ ...fields, status: fields.status.default('ativo'), contractType: fields.contractType.default('clt') })
  .superRefine((v, ctx) => {
    const e = employeeDatesError(v);
    if (e) ctx.addIssue({ code: 'custom', message: e.message, path: [e.path] });
  });
export type EmployeeCreate = z.input<typeof employeeCreateSchema>;

export const employeeUpdateSchema = patchBody(z.object({
  name: fields.name.optional(),
  cpf: fields.cpf.optional(),
  email: fields.email.optional(),
  phone: fields.phone.optional(),
  birthDate: fields.birthDate.optional(),
  position: fields.position.optional(),
  department: fields.department.optional(),
  admissionDate: fields.admissionDate.optional(),
  contractType: fields.contractType.optional(),
  salaryCents: fields.salaryCents.optional(),
  managerId: fields.managerId.optional(),
  status: fields.status.optional(),
  terminationDate: fields.terminationDate.optional(),
  notes: fields.notes.optional(),
}));
export type EmployeeUpdate = z.input<typeof employeeUpdateSchema>;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
export const employeeListQuerySchema = z.object({
  q: z.preprocess(blankToUndefined, safeText().max(120, M.text).optional()),
  department: z.preprocess(blankToUndefined, safeText().max(120, M.text).optional()),
  status: z.preprocess(blankToUndefined, z.enum(EMPLOYEE_STATUSES, { error: M.status }).optional()),
  contractType: z.preprocess(blankToUndefined, z.enum(CONTRACT_TYPES, { error: M.contractType }).optional()),
  sort: z.preprocess(blankToUndefined, z.enum(EMPLOYEE_SORTS, { error: M.sort }).default('name')),
  order: z.preprocess(blankToUndefined, z.enum(['asc', 'desc'], { error: M.sort }).default('asc')),
  cursor: z.preprocess(blankToUndefined, z.string().max(600, M.cursor).optional()),
  limit: z.preprocess(blankToUndefined, z.coerce.number({ error: M.limit }).int(M.limit).min(1, M.limit).max(100, M.limit).default(50)),
});
export type EmployeeListQuery = z.input<typeof employeeListQuerySchema>;
export const employeeExportQuerySchema = employeeListQuerySchema.omit({ cursor: true, limit: true });

export const leaveCreateSchema = z
  .object({
    type: z.enum(LEAVE_TYPES, { error: M.leaveType }),
    startDate: date(M.leaveStart),
    endDate: date(M.leaveEnd),
    notes: safeText({ error: M.text })
      .max(200, M.text)
      .nullish()
      .transform((v) => v?.trim() || null),
  })
  .refine((v) => v.endDate >= v.startDate, { message: M.leaveEndBeforeStart, path: ['endDate'] })
  .refine((v) => Date.parse(v.endDate) - Date.parse(v.startDate) <= 731 * 86_400_000, { message: M.leaveTooLong, path: ['endDate'] });
export type LeaveCreate = z.input<typeof leaveCreateSchema>;

// ---- responses (the routes' contracts; the types are derived from them) ----
const nullableText = z.string().nullable();
export const leaveViewSchema = z.object({ id: z.string(), type: z.enum(LEAVE_TYPES), startDate: z.string(), endDate: z.string(), notes: nullableText });
export type LeaveView = z.infer<typeof leaveViewSchema>;

export const employeeListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  cpf: z.string(),
  email: nullableText,
  phone: nullableText,
  position: nullableText,
  department: nullableText,
  admissionDate: z.string(),
  contractType: z.enum(CONTRACT_TYPES),
  status: z.enum(EMPLOYEE_STATUSES),
  salaryCents: z.number().int().nullable(),
  managerId: nullableText,
  managerName: nullableText,
});
export type EmployeeListItem = z.infer<typeof employeeListItemSchema>;
export const employeeViewSchema = employeeListItemSchema.extend({
  birthDate: nullableText,
  terminationDate: nullableText,
  notes: nullableText,
  leaves: z.array(leaveViewSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EmployeeView = z.infer<typeof employeeViewSchema>;
export const employeePageSchema = z.object({ employees: z.array(employeeListItemSchema), nextCursor: nullableText, total: z.number().int().nullable() });
export type EmployeePage = z.infer<typeof employeePageSchema>;

const upcomingDateSchema = z.object({ employeeId: z.string(), name: z.string(), department: nullableText, date: z.string(), inDays: z.number(), years: z.number() });
export type UpcomingDate = z.infer<typeof upcomingDateSchema>;
const leaveNowSchema = z.object({ employeeId: z.string(), name: z.string(), department: nullableText, leaveId: z.string(), type: z.enum(LEAVE_TYPES), startDate: z.string(), endDate: z.string() });
export type LeaveNow = z.infer<typeof leaveNowSchema>;
export const hrOverviewSchema = z.object({
  today: z.string(),
  headcount: z.number().int(),
  byDepartment: z.array(z.object({ department: nullableText, count: z.number().int() })),
  byContractType: z.array(z.object({ contractType: z.enum(CONTRACT_TYPES), count: z.number().int() })),
  byStatus: z.record(z.enum(EMPLOYEE_STATUSES), z.number().int()),
  birthdays: z.array(upcomingDateSchema),
  anniversaries: z.array(upcomingDateSchema),
  onLeaveNow: z.array(leaveNowSchema),
  leavesSoon: z.array(leaveNowSchema),
  departments: z.array(z.string()),
});
export type HrOverview = z.infer<typeof hrOverviewSchema>;
