import type { ReactNode } from 'react';

/** One label and its value in a `<dl>` of details (a record's fields, a status card's facts). */
export function DetailItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-0.5">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}
