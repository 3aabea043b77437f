import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A record's name as the link to its page (a list's first column, a detail's reference). */
export function RecordLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-medium text-[var(--color-accent)] hover:underline">
      {children}
    </Link>
  );
}
