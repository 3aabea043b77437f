import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast.ts';
import { z } from 'zod';
import { formatCpf } from '@sede/shared/cpf';
import { formatPhone, isValidPhone } from '@sede/shared/phone';
import {
  CONTRACT_TYPE_LABELS,
  CONTRACT_TYPES,
  cpfSchema,
  EMPLOYEE_STATUS_LABELS,
  EMPLOYEE_STATUSES,
  employeeDatesError,
  MAX_SALARY_CENTS,
  HR_MESSAGES as M,
  type EmployeeCreate,
  type EmployeeView,
} from '@sede/shared/hr/schemas';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { PHONE_MASK, type MaskOptions } from '../../../components/form/masked-input.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { optionsOf } from '../../../components/ui/filter-bar.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { Input, inputClass } from '../../../components/ui/input.tsx';
import { OptionSelect } from '../../../components/ui/option-select.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { createEmployee } from '../api/create-employee.ts';
import { hrKeys } from '../api/keys.ts';
import { listEmployees } from '../api/list-employees.ts';
import { updateEmployee } from '../api/update-employee.ts';
import { MaskedField, MoneyField } from '../../../components/form/form-fields.tsx';

const CPF_MASK: MaskOptions = { mask: '000.000.000-00' };

const text = (max: number, message: string) => z.string().trim().max(max, message);
const formSchema = z
  .object({
    name: z.string().trim().min(1, M.name).max(160, M.nameTooLong),
    cpf: z.string().refine((v) => cpfSchema.safeParse(v).success, M.cpf),
    email: z
      .string()
      .trim()
      .refine((v) => !v || z.email().safeParse(v).success, M.email),
    phone: z.string().refine((v) => !v.replace(/\D/g, '') || isValidPhone(v), M.phone),
    birthDate: z.string().refine((v) => !v || v <= new Date().toISOString().slice(0, 10), M.birthDate),
    position: text(120, M.text),
    department: text(120, M.text),
    admissionDate: z.string().min(1, M.admissionDate),
    contractType: z.enum(CONTRACT_TYPES),
    salaryCents: z.number().int().min(0, M.salary).max(MAX_SALARY_CENTS, M.salary).nullable(),
    managerId: z.string(),
    status: z.enum(EMPLOYEE_STATUSES),
    terminationDate: z.string(),
    notes: text(4000, M.notes),
  })
  .superRefine((v, ctx) => {
    const e = employeeDatesError({ status: v.status, admissionDate: v.admissionDate, terminationDate: v.terminationDate || null });
    if (e) ctx.addIssue({ code: 'custom', message: e.message, path: [e.path] });
  });
type FormValues = z.infer<typeof formSchema>;

const valuesOf = (e?: EmployeeView): FormValues => ({
  name: e?.name ?? '',
  cpf: e ? formatCpf(e.cpf) : '',
  email: e?.email ?? '',
  phone: e?.phone ? formatPhone(e.phone) : '',
  birthDate: e?.birthDate ?? '',
  position: e?.position ?? '',
  department: e?.department ?? '',
  admissionDate: e?.admissionDate ?? '',
  contractType: e?.contractType ?? 'clt',
  salaryCents: e?.salaryCents ?? null,
  managerId: e?.managerId ?? '',
  status: e?.status ?? 'ativo',
  terminationDate: e?.terminationDate ?? '',
  notes: e?.notes ?? '',
});

const payloadOf = (v: FormValues): EmployeeCreate => ({
  name: v.name,
  cpf: v.cpf,
  email: v.email || null,
  phone: v.phone || null,
  birthDate: v.birthDate || null,
  position: v.position || null,
  department: v.department || null,
  admissionDate: v.admissionDate,
  contractType: v.contractType,
  salaryCents: v.salaryCents,
  managerId: v.managerId || null,
  status: v.status,
  terminationDate: v.status === 'desligado' ? v.terminationDate || null : null,
  notes: v.notes || null,
});

/**
 * 'Novo colaborador' / 'Editar colaborador': the register's fields (react-hook-form + the shared
 * rules; CPF, phone and salary masked). A duplicate CPF comes back from the server on the CPF field.
 */
export function EmployeeDialog({ open, onOpenChange, employee, onCreated }: { open: boolean; onOpenChange: (v: boolean) => void; employee?: EmployeeView; onCreated?: (e: EmployeeView) => void }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: valuesOf(employee), mode: 'onTouched' });
  const { control, register, handleSubmit, reset, watch, setError: setFieldError, formState } = form;
  const err = formState.errors;
  const status = watch('status');
  // The manager: one of the company's people (the first 100 by name), never oneself.
  const managers = useQuery({ queryKey: hrKeys.managers(''), queryFn: () => listEmployees({ sort: 'name', limit: '100' }), enabled: open });
  const managerOptions = (managers.data?.employees ?? []).filter((m) => m.id !== employee?.id && m.status !== 'desligado');

  // biome-ignore lint/correctness/useExhaustiveDependencies: a (re)opened dialog starts from the employee's current data
  useEffect(() => {
    if (open) {
      reset(valuesOf(employee));
      setError(null);
    }
  }, [open]);

  const onSubmit = handleSubmit(async (v) => {
    setError(null);
    try {
      const payload = payloadOf(v);
      const saved = employee ? await updateEmployee(employee.id, payload) : await createEmployee(payload);
      await queryClient.invalidateQueries({ queryKey: hrKeys.all });
      toast.success(employee ? 'Colaborador atualizado.' : 'Colaborador cadastrado.');
      onOpenChange(false);
      if (!employee) onCreated?.(saved);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'CPF_TAKEN') setFieldError('cpf', { message: e.message }, { shouldFocus: true });
      else setError(e instanceof ApiError ? e.message : 'Não foi possível salvar o colaborador.');
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={employee ? 'Editar colaborador' : 'Novo colaborador'}
      description={employee ? 'Altere os dados do cadastro.' : 'Cadastre a pessoa; depois anexe documentos e registre férias e afastamentos.'}
    >
      <form onSubmit={onSubmit} className="grid gap-3" noValidate aria-label={employee ? 'Editar colaborador' : 'Novo colaborador'}>
        {error && <FormAlert title={error} />}
        <div className="-mx-1 grid max-h-[60vh] gap-3 overflow-y-auto px-1 pb-1">
          <Field label="Nome completo" error={err.name?.message}>
            <Input autoComplete="off" maxLength={160} {...register('name')} />
          </Field>
          <div className="grid gap-3 sm:grid-cols-2">
            <MaskedField control={control} name="cpf" label="CPF" mask={CPF_MASK} inputMode="numeric" placeholder="000.000.000-00" />
            <Field label="Data de nascimento" error={err.birthDate?.message}>
              <Input type="date" {...register('birthDate')} />
            </Field>
            <Field label="E-mail" error={err.email?.message}>
              <Input type="email" autoComplete="off" {...register('email')} />
            </Field>
            <MaskedField control={control} name="phone" label="Telefone" mask={PHONE_MASK} type="tel" inputMode="tel" />
            <Field label="Cargo" error={err.position?.message}>
              <Input maxLength={120} placeholder="Ex.: Analista financeiro" {...register('position')} />
            </Field>
            <Field label="Departamento" error={err.department?.message}>
              <Input maxLength={120} placeholder="Ex.: Financeiro" {...register('department')} />
            </Field>
            <Field label="Data de admissão" error={err.admissionDate?.message}>
              <Input type="date" {...register('admissionDate')} />
            </Field>
            <Field label="Tipo de contrato" error={err.contractType?.message}>
              <OptionSelect options={optionsOf(CONTRACT_TYPES, CONTRACT_TYPE_LABELS)} {...register('contractType')} />
            </Field>
            <MoneyField control={control} name="salaryCents" label="Salário (R$)" hint="Visível só para quem tem acesso ao RH." inputName="salary" />
            <Field label="Gestor" error={err.managerId?.message}>
              <select className={inputClass} {...register('managerId')}>
                <option value="">Sem gestor</option>
                {employee?.managerId && !managerOptions.some((m) => m.id === employee.managerId) && <option value={employee.managerId}>{employee.managerName ?? 'Gestor atual'}</option>}
                {managerOptions.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Situação" error={err.status?.message}>
              <OptionSelect options={optionsOf(EMPLOYEE_STATUSES, EMPLOYEE_STATUS_LABELS)} {...register('status')} />
            </Field>
            {status === 'desligado' && (
              <Field label="Data de desligamento" error={err.terminationDate?.message}>
                <Input type="date" {...register('terminationDate')} />
              </Field>
            )}
          </div>
          <Field label="Observações" error={err.notes?.message}>
            <textarea className={`${inputClass} min-h-20 py-2`} maxLength={4000} {...register('notes')} />
          </Field>
        </div>
        <FormActions onCancel={() => onOpenChange(false)} pending={formState.isSubmitting} submitLabel={employee ? 'Salvar' : 'Cadastrar'} />
      </form>
    </Dialog>
  );
}
