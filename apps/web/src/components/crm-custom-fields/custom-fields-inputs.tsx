import { queryOptions } from '@tanstack/react-query';
import type { CustomField, CustomFieldEntity } from '@sede/shared/crm/deals';
import { api } from '../../lib/api-client.ts';
import { MoneyInput } from '../form/money-input.tsx';
import { Field } from '../ui/field.tsx';
import { Input } from '../ui/input.tsx';
import { customFieldKeys } from './keys.ts';
import { OptionSelect } from '../ui/option-select.tsx';

/**
 * The admin's custom fields of people and organizations in a form (decision 0190).
 * Same cache key as the board's settings, so a field defined there shows up here.
 */
export const partyCustomFieldsQueryOptions = () =>
  queryOptions({ queryKey: customFieldKeys.all, queryFn: async () => (await api<{ fields: CustomField[] }>('/crm/custom-fields')).fields, staleTime: 60_000 });

/** Text per field; a money field holds its cents (null when empty). */
export type CustomFieldDrafts = Record<string, string | boolean | number | null>;

/** Stored values → the inputs' text. */
export function draftsOf(fields: CustomField[], values: Record<string, unknown> | undefined): CustomFieldDrafts {
  const out: CustomFieldDrafts = {};
  for (const f of fields) {
    const raw = values?.[f.key];
    if (f.type === 'boolean') out[f.key] = raw === true;
    else if (f.type === 'money') out[f.key] = raw === undefined || raw === null ? null : Number(raw);
    else if (raw === undefined || raw === null) out[f.key] = '';
    else if (f.type === 'number') out[f.key] = String(raw).replace('.', ',');
    else out[f.key] = String(raw);
  }
  return out;
}

/**
 * The inputs' text → the request's values: every field of the entity is sent ('' clears it, so the
 * server checks required fields); text that is not a number or an amount goes as typed, and the
 * server answers with the field's label.
 */
export function valuesOf(fields: CustomField[], drafts: CustomFieldDrafts): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const raw = drafts[f.key];
    if (f.type === 'boolean') {
      out[f.key] = raw === true;
      continue;
    }
    if (f.type === 'money') {
      out[f.key] = typeof raw === 'number' ? raw : null;
      continue;
    }
    const text = typeof raw === 'string' ? raw.trim() : '';
    if (text === '') out[f.key] = null;
    else if (f.type === 'number') {
      const n = Number(text.replace(/\./g, '').replace(',', '.'));
      out[f.key] = /^-?[\d.,]+$/.test(text) && Number.isFinite(n) ? n : text;
    } else out[f.key] = text;
  }
  return out;
}

type Props = { entity: CustomFieldEntity; fields: CustomField[]; drafts: CustomFieldDrafts; onChange: (drafts: CustomFieldDrafts) => void };

/** The entity's fields in a fieldset; nothing when the admin defined none. */
export function CustomFieldsInputs({ entity, fields, drafts, onChange }: Props) {
  const mine = fields.filter((f) => f.entity === entity);
  if (mine.length === 0) return null;
  const set = (key: string, value: CustomFieldDrafts[string]) => onChange({ ...drafts, [key]: value });
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2" data-testid="custom-fields">
      <legend className="px-1 text-sm font-medium text-slate-800">Campos personalizados</legend>
      {mine.map((f) => {
        const label = `${f.label}${f.required ? ' *' : ''}`;
        const value = drafts[f.key];
        if (f.type === 'boolean') {
          return (
            <label key={f.id} className="flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" className="size-4" checked={value === true} onChange={(e) => set(f.key, e.target.checked)} /> {label}
            </label>
          );
        }
        if (f.type === 'money') {
          return (
            <Field key={f.id} label={label} hint="Em reais (R$).">
              <MoneyInput cents={typeof value === 'number' ? value : null} onCents={(cents) => set(f.key, cents)} />
            </Field>
          );
        }
        const text = typeof value === 'string' ? value : '';
        if (f.type === 'select') {
          return (
            <Field key={f.id} label={label}>
              <OptionSelect none="—" options={f.options.map((o) => ({ value: o, label: o }))} value={text} onChange={(e) => set(f.key, e.target.value)} />
            </Field>
          );
        }
        return (
          <Field key={f.id} label={label}>
            <Input
              type={f.type === 'date' ? 'date' : 'text'}
              inputMode={f.type === 'number' ? 'decimal' : undefined}
              value={text}
              onChange={(e) => set(f.key, e.target.value)}
            />
          </Field>
        );
      })}
    </fieldset>
  );
}
