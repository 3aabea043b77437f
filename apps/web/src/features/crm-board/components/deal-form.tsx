import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm, type Control, type FieldPath, type UseFormRegister } from 'react-hook-form';
import { z } from 'zod';
import { DEAL_SOURCES, dealUpdateSchema, type CustomField, type Deal, type DealUpdateInput, type Stage } from '@sede/shared/crm/deals';
import { MoneyInput } from '../../../components/form/money-input.tsx';
import { BR_DATE_MESSAGE, brFromIso, DateInput, parseBrDate } from '../../../components/form/date-input.tsx';
import type { PartyOption } from '../../../components/parties/search-parties.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input, inputClass } from '../../../components/ui/input.tsx';
import { customFieldsQueryOptions } from '../api/custom-fields.ts';
import { contactOption, DealParties, organizationOf } from './deal-parties.tsx';
import { splitTags } from './tags.ts';
import { NamedOptions } from '../../../components/ui/named-options.tsx';
import { OptionSelect } from '../../../components/ui/option-select.tsx';
import { MemberOptions } from './member-options.tsx';

/** The form's own values (text inputs, money in cents); `toInput` turns them into the shared schema's request. */
export type DealFormValues = {
  title: string;
  valueCents: number | null;
  stageId: string;
  ownerId: string;
  source: string;
  /** DD/MM/AAAA as typed. */
  expectedCloseDate: string;
  tags: string;
  custom: Record<string, string | boolean | number | null>;
  organization: PartyOption | null;
  contacts: PartyOption[];
};

/** A typed DD/MM/AAAA as the request's AAAA-MM-DD ('' → null; an invalid text stays, so the schema refuses it). */
const isoOrText = (text: string) => {
  const iso = parseBrDate(text);
  return iso === undefined ? text : iso;
};

export function toInput(v: DealFormValues, fields: CustomField[]): DealUpdateInput {
  const custom: Record<string, unknown> = {};
  for (const f of fields) {
    const raw = v.custom[f.key];
    if (f.type === 'boolean') custom[f.key] = Boolean(raw);
    else if (raw === undefined || raw === null || raw === '') custom[f.key] = null;
    else if (f.type === 'number') custom[f.key] = Number(String(raw).replace(',', '.'));
    else if (f.type === 'date') custom[f.key] = isoOrText(String(raw));
    else custom[f.key] = raw;
  }
  return {
    title: v.title,
    valueCents: v.valueCents ?? 0,
    ownerId: v.ownerId || null,
    organizationId: v.organization?.id ?? null,
    personIds: v.contacts.map((c) => c.id),
    source: v.source || null,
    expectedCloseDate: isoOrText(v.expectedCloseDate),
    tags: splitTags(v.tags),
    customFields: custom,
  };
}

export function valuesOf(d: Deal | null, fields: CustomField[], defaults: { stageId: string; ownerId: string }): DealFormValues {
  const custom: DealFormValues['custom'] = {};
  for (const f of fields) {
    const raw = d?.customFields[f.key];
    if (f.type === 'boolean') custom[f.key] = raw === true;
    else if (f.type === 'money') custom[f.key] = raw === undefined || raw === null ? null : Number(raw);
    else if (raw === undefined || raw === null) custom[f.key] = '';
    else if (f.type === 'date') custom[f.key] = brFromIso(String(raw));
    else custom[f.key] = String(raw);
  }
  return {
    title: d?.title ?? '',
    valueCents: d ? d.valueCents : null,
    stageId: d?.stageId ?? defaults.stageId,
    ownerId: d ? (d.ownerId ?? '') : defaults.ownerId,
    source: d?.source ?? '',
    expectedCloseDate: brFromIso(d?.expectedCloseDate),
    tags: d?.tags.join(', ') ?? '',
    custom,
    organization: organizationOf(d),
    contacts: (d?.contacts ?? []).map(contactOption),
  };
}

/** The form's check: the shared request schema applied to the converted values; errors land on the inputs. */
const formSchema = (fields: CustomField[]) =>
  z
    .object({
      title: z.string(),
      valueCents: z.number().nullable(),
      stageId: z.string(),
      ownerId: z.string(),
      source: z.string(),
      expectedCloseDate: z.string(),
      tags: z.string(),
      custom: z.record(z.string(), z.unknown()),
      organization: z.unknown(),
      contacts: z.array(z.unknown()),
    })
    .superRefine((v, ctx) => {
      const parsed = dealUpdateSchema.safeParse(toInput(v as DealFormValues, fields));
      if (parsed.success) return;
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'title');
        const path = key === 'customFields' ? 'title' : key === 'personIds' ? 'contacts' : key;
        ctx.addIssue({ code: 'custom', message: key === 'expectedCloseDate' ? BR_DATE_MESSAGE : issue.message, path: [path] });
      }
    });

type Props = {
  deal: Deal | null;
  stages: Stage[];
  defaultStageId: string;
  currentUserId: string;
  submitLabel: string;
  pending?: boolean;
  onSubmit: (input: DealUpdateInput & { stageId: string }) => void;
};

/** New deal and the panel's editing: react-hook-form with the shared zod schema, the admin's custom fields. */
export function DealForm({ deal, stages, defaultStageId, currentUserId, submitLabel, pending, onSubmit }: Props) {
  const fieldsQuery = useQuery(customFieldsQueryOptions());
  const fields = (fieldsQuery.data ?? []).filter((f) => f.entity === 'deal');
  const form = useForm<DealFormValues>({
    resolver: zodResolver(formSchema(fields)) as never,
    values: valuesOf(deal, fields, { stageId: defaultStageId, ownerId: currentUserId }),
    resetOptions: { keepDirtyValues: true },
    mode: 'onTouched',
  });
  const { register, control, handleSubmit, formState } = form;
  const err = formState.errors as Record<string, { message?: string } | undefined>;
  return (
    <form className="grid gap-3" noValidate onSubmit={handleSubmit((v) => onSubmit({ ...toInput(v, fields), stageId: v.stageId }))}>
      <Field label="Título" error={err.title?.message}>
        <Input autoComplete="off" {...register('title')} />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <MoneyField control={control} name="valueCents" inputName="value" label="Valor (R$)" error={err.valueCents?.message} />
        {!deal && (
          <Field label="Etapa">
            <select className={inputClass} {...register('stageId')}>
              <NamedOptions items={stages} />
            </select>
          </Field>
        )}
        <Field label="Responsável" error={err.ownerId?.message}>
          <select className={inputClass} {...register('ownerId')}>
            <option value="">Sem responsável</option>
            <MemberOptions />
          </select>
        </Field>
        <Field label="Origem" error={err.source?.message}>
          <Input list="crm-sources" autoComplete="off" {...register('source')} />
        </Field>
        <DateField control={control} name="expectedCloseDate" label="Previsão de fechamento" error={err.expectedCloseDate?.message} />
      </div>
      <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium text-slate-800">Cliente</legend>
        <Controller
          control={control}
          name="organization"
          render={({ field: org }) => (
            <Controller
              control={control}
              name="contacts"
              render={({ field: contacts }) => <DealParties organization={org.value} onOrganization={org.onChange} contacts={contacts.value} onContacts={contacts.onChange} />}
            />
          )}
        />
        {err.contacts?.message && (
          <p role="alert" className="text-sm text-red-700">
            {err.contacts.message}
          </p>
        )}
      </fieldset>
      <datalist id="crm-sources">
        {DEAL_SOURCES.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      <Field label="Etiquetas" hint="Separe por vírgulas." error={err.tags?.message}>
        <Input autoComplete="off" {...register('tags')} />
      </Field>
      {fields.length > 0 && (
        <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2">
          <legend className="px-1 text-sm font-medium text-slate-800">Campos personalizados</legend>
          {fields.map((f) => (
            <CustomFieldInput key={f.id} field={f} register={register} control={control} />
          ))}
        </fieldset>
      )}
      <div className="flex justify-end">
        <Button type="submit" pending={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

type ControlledField = { control: Control<DealFormValues>; name: FieldPath<DealFormValues>; label: string; error?: string; hint?: string };

/** A money input (typed '6.500,00', kept in cents) bound to the form. */
function MoneyField({ control, name, inputName, label, error, hint }: ControlledField & { inputName: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field label={label} error={error} hint={hint}>
          <MoneyInput cents={typeof field.value === 'number' ? field.value : null} onCents={field.onChange} onBlur={field.onBlur} ref={field.ref} name={inputName} />
        </Field>
      )}
    />
  );
}

/** A DD/MM/AAAA date input bound to the form. */
function DateField({ control, name, label, error }: ControlledField) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field label={label} error={error}>
          <DateInput value={String(field.value ?? '')} onValueChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
        </Field>
      )}
    />
  );
}

function CustomFieldInput({ field, register, control }: { field: CustomField; register: UseFormRegister<DealFormValues>; control: Control<DealFormValues> }) {
  const name = `custom.${field.key}` as const;
  const label = `${field.label}${field.required ? ' *' : ''}`;
  if (field.type === 'money') return <MoneyField control={control} name={name} inputName={field.key} label={label} hint="Em reais (R$)." />;
  if (field.type === 'date') return <DateField control={control} name={name} label={label} />;
  if (field.type === 'boolean') {
    return (
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" className="size-4" {...register(name)} /> {label}
      </label>
    );
  }
  if (field.type === 'select') {
    return (
      <Field label={label}>
        <OptionSelect none="—" options={field.options.map((o) => ({ value: o, label: o }))} {...register(name)} />
      </Field>
    );
  }
  return (
    <Field label={label}>
      <Input inputMode={field.type === 'number' ? 'decimal' : undefined} {...register(name)} />
    </Field>
  );
}
