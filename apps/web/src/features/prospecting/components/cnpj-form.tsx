import type { FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';

/** The one-CNPJ form of /cnpj-search and /deep-search (masked or not, letters accepted). */
export function CnpjForm({ label, action, value, onChange, onSubmit }: { label: string; action: string; value: string; onChange: (v: string) => void; onSubmit: (e: FormEvent) => void }) {
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-2 sm:flex-row sm:items-end" aria-label={label}>
      <div className="sm:w-80">
        <Field label="CNPJ" hint="Com ou sem pontuação; letras são aceitas (CNPJ alfanumérico).">
          <Input value={value} onChange={(e) => onChange(e.target.value)} placeholder="00.000.000/0000-00" autoComplete="off" />
        </Field>
      </div>
      <Button type="submit" className="sm:mb-6">{action}</Button>
    </form>
  );
}
