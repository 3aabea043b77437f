import type { FieldView } from '@sede/shared/esign/fields';
import { FIELD_TYPE_LABELS, FILLABLE_FIELD_TYPES } from '@sede/shared/esign/labels';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';

export type FieldValues = Record<string, string>;

/** What a field shows on the page while the signer fills it: their value, or what goes there. */
const preview = (f: FieldView, values: FieldValues, name: string) =>
  f.type === 'checkbox' ? (values[f.id] === 'true' ? '☒' : '☐') : f.type === 'nome' ? name : f.type === 'data' ? 'Data da assinatura' : values[f.id] || f.label || FIELD_TYPE_LABELS[f.type];

/** The signer's fields over a page of the document (decision 0590): where they sign and what they fill. */
export function SignerFieldsOverlay({ fields, page, values, name }: { fields: FieldView[]; page: number; values: FieldValues; name: string }) {
  return (
    <div className="pointer-events-none absolute inset-0" aria-hidden>
      {fields
        .filter((f) => f.page === page || f.allPages)
        .map((f) => (
          <div
            key={f.id}
            style={{ left: `${f.x * 100}%`, top: `${f.y * 100}%`, width: `${f.w * 100}%`, height: `${f.h * 100}%` }}
            className="absolute overflow-hidden rounded border-2 border-amber-500 bg-amber-100/80 px-1 text-[10px] font-medium leading-tight text-amber-950 sm:text-xs"
          >
            {preview(f, values, name)}
          </div>
        ))}
    </div>
  );
}

/** The inputs for the fields the signer types (CPF, texto, caixa de seleção); the others come from the signature, the name and the day. */
export function SignerFieldInputs({ fields, values, onChange }: { fields: FieldView[]; values: FieldValues; onChange: (next: FieldValues) => void }) {
  const fillable = fields.filter((f) => FILLABLE_FIELD_TYPES.includes(f.type));
  if (!fillable.length) return null;
  const set = (id: string, value: string) => onChange({ ...values, [id]: value });
  return (
    <fieldset className="grid gap-3" data-testid="signer-fields">
      <legend className="mb-1 text-sm font-medium text-slate-900">Campos a preencher no documento</legend>
      {fillable.map((f) => {
        const label = `${f.label || FIELD_TYPE_LABELS[f.type]} (página ${f.page})${f.required ? '' : ' — opcional'}`;
        return f.type === 'checkbox' ? (
          <label key={f.id} className="flex items-start gap-2 text-sm text-slate-800">
            <input type="checkbox" className="mt-0.5 size-5 shrink-0" checked={values[f.id] === 'true'} onChange={(e) => set(f.id, e.target.checked ? 'true' : 'false')} />
            <span>{label}</span>
          </label>
        ) : (
          <Field key={f.id} label={label} hint={f.type === 'cpf' ? 'Em branco: vale o CPF que quem enviou informou, se houver.' : undefined}>
            <Input value={values[f.id] ?? ''} maxLength={200} inputMode={f.type === 'cpf' ? 'numeric' : undefined} onChange={(e) => set(f.id, e.target.value)} />
          </Field>
        );
      })}
    </fieldset>
  );
}

/** Whether every required field the signer types has a value (the server checks again). */
export const fieldsReady = (fields: FieldView[], values: FieldValues) =>
  // A CPF left blank takes the one the sender gave, when there is one: the server decides.
  fields.filter((f) => f.required && f.type !== 'cpf' && FILLABLE_FIELD_TYPES.includes(f.type)).every((f) => (f.type === 'checkbox' ? values[f.id] === 'true' : Boolean(values[f.id]?.trim())));
