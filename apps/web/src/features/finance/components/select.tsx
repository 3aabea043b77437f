import type { FinAccount } from '@sede/shared/finance/registers';
import type { ReactNode, SelectHTMLAttributes } from 'react';
import { Field } from '../../../components/ui/field.tsx';
import { NamedOptions } from '../../../components/ui/named-options.tsx';
import { cn } from '../../../lib/cn.ts';
import { inputClass } from '../../../components/ui/input.tsx';

/** A native select with the inputs' look (accessible on every device). */
export function Select({ className, children, ...props }: SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }) {
  return (
    <select className={cn(inputClass, 'pr-8', className)} {...props}>
      {children}
    </select>
  );
}

/** The account a payment goes through (the live ones), saying so when none is registered. */
export function AccountField({ accounts, value, onChange }: { accounts: readonly FinAccount[]; value: string; onChange: (id: string) => void }) {
  return (
    <Field label="Conta">
      <Select value={value} onChange={(e) => onChange(e.target.value)}>
        {accounts.length === 0 && <option value="">Nenhuma conta cadastrada</option>}
        <NamedOptions items={accounts} />
      </Select>
    </Field>
  );
}
