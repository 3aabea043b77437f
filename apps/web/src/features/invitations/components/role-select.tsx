import type { SelectHTMLAttributes, Ref } from 'react';
import { INVITE_ROLES } from '@sede/shared/roles';
import { cn } from '../../../lib/cn.ts';
import { inputClass } from '../../../components/ui/input.tsx';

/** The invite roles of spec §3, each with its label and description. A native select: works everywhere. */
export function RoleSelect({ className, ref, ...props }: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  return (
    <select ref={ref} className={cn(inputClass, 'pr-8', className)} {...props}>
      {INVITE_ROLES.map((r) => (
        <option key={r.value} value={r.value}>
          {`${r.label} — ${r.description}`}
        </option>
      ))}
    </select>
  );
}
