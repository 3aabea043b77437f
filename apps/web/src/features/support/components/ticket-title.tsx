import type { SupportStatus } from '@sede/shared/support/schemas';
import { CardTitle } from '../../../components/ui/card.tsx';
import { StatusBadge } from './status-badge.tsx';

/** A ticket's subject and its status, at the top of its card. */
export function TicketTitle({ subject, status }: { subject: string; status: SupportStatus }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <CardTitle>{subject}</CardTitle>
      <StatusBadge status={status} />
    </div>
  );
}
