import type { SupportStatus } from '@sede/shared/support/schemas';
import type { ReactNode } from 'react';
import { CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { StatusBadge } from './status-badge.tsx';

/** A ticket's card heading: its subject and status over `children`, what else says who and when. */
export function TicketHeader({ subject, status, children }: { subject: string; status: SupportStatus; children: ReactNode }) {
  return (
    <CardHeader>
      <div className="flex flex-wrap items-center gap-2">
        <CardTitle>{subject}</CardTitle>
        <StatusBadge status={status} />
      </div>
      <CardDescription>{children}</CardDescription>
    </CardHeader>
  );
}

/** A ticket in a list: its subject and status over a line that says more (`truncate` on a narrow list). */
export function TicketSummary({ subject, status, detail, truncate }: { subject: string; status: SupportStatus; detail: ReactNode; truncate?: boolean }) {
  return (
    <>
      <span className="flex items-center justify-between gap-2">
        <span className="truncate font-medium text-slate-900">{subject}</span>
        <StatusBadge status={status} />
      </span>
      <span className={truncate ? 'truncate text-xs text-slate-600' : 'text-xs text-slate-600'}>{detail}</span>
    </>
  );
}
