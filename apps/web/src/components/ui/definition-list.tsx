import type { ReactNode } from 'react';

export type Definition = { label: ReactNode; value: ReactNode; key?: string };

/** A record's fields as label and value side by side ('Cadastro' of a contract, of an employee). */
export function DefinitionList({ items }: { items: readonly Definition[] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      {items.map((d) => (
        <div key={d.key ?? String(d.label)} className="contents">
          <dt className="text-slate-600">{d.label}</dt>
          <dd className="min-w-0 break-words">{d.value}</dd>
        </div>
      ))}
    </dl>
  );
}
