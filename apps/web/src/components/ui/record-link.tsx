import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A record's name in a list, linking to its page (a contract, a meeting). */
export function RecordLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-medium text-[var(--color-accent)] hover:underline">
      {children}
    </Link>
  );
}
