import type { SupportStatus } from '@sede/shared/support/schemas';
import { toast } from 'sonner';
import { CardTitle } from '../../../components/ui/card.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { StatusBadge } from './status-badge.tsx';

/**
 * A change to a ticket (a message, its status): `done` as a toast when it worked, the API's message
 * (or `failed`) when not; answers whether it worked.
 */
export async function changeTicket(work: () => Promise<unknown>, done: string, failed: string): Promise<boolean> {
  try {
    await work();
    toast.success(done);
    return true;
  } catch (e) {
    toast.error(e instanceof ApiError ? e.message : failed);
    return false;
  }
}

/** A ticket's subject and its status, at the top of its card. */
export function TicketTitle({ subject, status }: { subject: string; status: SupportStatus }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <CardTitle>{subject}</CardTitle>
      <StatusBadge status={status} />
    </div>
  );
}
