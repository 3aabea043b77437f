import { useQuery } from '@tanstack/react-query';
import type { ReactNode, SelectHTMLAttributes } from 'react';
import { LEGAL_BASES } from '@sede/shared/platform/parties';
import { NamedOptions } from '../../../components/ui/named-options.tsx';
import { listsQueryOptions } from '../api/lists.ts';
import { ownersQueryOptions } from '../api/owners.ts';
import { Select } from './select.tsx';

/** `none` is the empty first choice ('Sem responsável', 'Todas as listas'); `children` are choices placed after it. */
type ChoiceProps = { none: string; children?: ReactNode } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'>;

function ChoiceSelect({ none, children, ...props }: ChoiceProps) {
  return (
    <Select {...props}>
      <option value="">{none}</option>
      {children}
    </Select>
  );
}

/** A contact's owner among the company's members (the user id as the value). */
export function OwnerSelect({ children, ...props }: ChoiceProps) {
  const owners = useQuery(ownersQueryOptions());
  return (
    <ChoiceSelect {...props}>
      {children}
      {owners.data?.map((o) => (
        <option key={o.userId} value={o.userId}>
          {o.name}
        </option>
      ))}
    </ChoiceSelect>
  );
}

/** One of the contact lists. */
export function ListSelect(props: ChoiceProps) {
  const lists = useQuery(listsQueryOptions());
  return (
    <ChoiceSelect {...props}>
      <NamedOptions items={lists.data ?? []} />
    </ChoiceSelect>
  );
}

/** A LGPD legal basis. */
export function LegalBasisSelect(props: ChoiceProps) {
  return (
    <ChoiceSelect {...props}>
      {Object.entries(LEGAL_BASES).map(([k, label]) => (
        <option key={k} value={k}>
          {label}
        </option>
      ))}
    </ChoiceSelect>
  );
}
