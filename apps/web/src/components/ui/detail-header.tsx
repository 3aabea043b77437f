import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The top of a record's page (a contract, an opening, a client): the way back to its list, the
 * record's name with its badges, a line about it and its actions, wrapping on phones (decision 0432).
 */
export function DetailHeader({
  back,
  title,
  badges,
  subtitle,
  actions,
}: {
  back?: { to: string; label: string };
  title: ReactNode;
  badges?: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="grid min-w-0 gap-2">
      {back && (
        <Link to={back.to} className="flex w-fit items-center gap-1 text-sm text-[var(--color-accent)] hover:underline">
          <ArrowLeft className="size-4" aria-hidden /> {back.label}
        </Link>
      )}
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <h2 className="min-w-0 break-words text-xl font-semibold text-slate-900">{title}</h2>
        {badges}
        {actions && <div className="ml-auto flex flex-wrap gap-2">{actions}</div>}
      </div>
      {subtitle && <p className="text-sm text-slate-600">{subtitle}</p>}
    </header>
  );
}
