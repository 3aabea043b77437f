import { Plus, Trash2 } from 'lucide-react';
import { SIGNER_ROLE_LABELS, SIGNER_ROLES, type SignerRole } from '@sede/shared/esign/schemas';
import { Button } from '../ui/button.tsx';
import { Field } from '../ui/field.tsx';
import { Input } from '../ui/input.tsx';
import { EnumSelect } from '../ui/option-select.tsx';

export type SignerDraft = { key: string; name: string; email: string; cpf: string; role: SignerRole };
let drafts = 0;
export const emptySigner = (): SignerDraft => ({ key: `signer-${++drafts}`, name: '', email: '', cpf: '', role: 'assinar' });

/** The envelope's people, in order: name, e-mail, optional CPF and what each does. */
export function SignersEditor({ signers, onChange }: { signers: SignerDraft[]; onChange: (next: SignerDraft[]) => void }) {
  const set = (i: number, patch: Partial<SignerDraft>) => onChange(signers.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-medium text-slate-900">Signatários</legend>
      {signers.map((s, i) => (
        <div key={s.key} className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-2" data-testid="signer-row">
          <div className="flex items-center justify-between sm:col-span-2">
            <span className="text-xs font-semibold uppercase tracking-wide text-slate-600">{`${i + 1}º signatário`}</span>
            {signers.length > 1 && (
              <Button type="button" variant="ghost" size="sm" onClick={() => onChange(signers.filter((_, j) => j !== i))} aria-label={`Remover ${i + 1}º signatário`}>
                <Trash2 aria-hidden /> Remover
              </Button>
            )}
          </div>
          <Field label="Nome">
            <Input value={s.name} onChange={(e) => set(i, { name: e.target.value })} maxLength={120} autoComplete="off" />
          </Field>
          <Field label="E-mail">
            <Input type="email" value={s.email} onChange={(e) => set(i, { email: e.target.value })} autoComplete="off" />
          </Field>
          <Field label="CPF (opcional)">
            <Input value={s.cpf} onChange={(e) => set(i, { cpf: e.target.value })} inputMode="numeric" placeholder="000.000.000-00" />
          </Field>
          <Field label="Papel">
            <EnumSelect values={SIGNER_ROLES} labels={SIGNER_ROLE_LABELS} value={s.role} onChange={(role) => set(i, { role })} />
          </Field>
        </div>
      ))}
      {signers.length < 20 && (
        <Button type="button" variant="secondary" onClick={() => onChange([...signers, emptySigner()])} className="w-fit">
          <Plus aria-hidden /> Adicionar signatário
        </Button>
      )}
    </fieldset>
  );
}
