import { Field } from '../../../components/ui/field.tsx';
import { NamedOptions } from '../../../components/ui/named-options.tsx';
import { Select } from './select.tsx';

/** A choice of a register (an account, a cost centre) or `none`; an archived one stays listed only while chosen. */
export function RegisterSelect({ label, none, items, value, onChange }: { label: string; none: string; items: readonly { id: string; name: string; archived: boolean }[]; value: string; onChange: (id: string) => void }) {
  return (
    <Field label={label}>
      <Select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{none}</option>
        <NamedOptions items={items.filter((item) => !item.archived || item.id === value)} />
      </Select>
    </Field>
  );
}
