import { subscriptionStatusLabel } from '@sede/shared/billing';
import { cn } from '../../../lib/cn.ts';

const TONES: Record<string, string> = {
  trialing: 'border-sky-200 bg-sky-50 text-sky-900',
  active: 'border-green-200 bg-green-50 text-green-900',
  past_due: 'border-amber-300 bg-amber-50 text-amber-950',
  canceled: 'border-red-200 bg-red-50 text-red-800',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={cn('inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium', TONES[status] ?? 'border-slate-200 bg-slate-50 text-slate-800')} data-testid="subscription-status">
      {subscriptionStatusLabel(status)}
    </span>
  );
}

export function Pill({ children, tone = 'accent', testId }: { children: React.ReactNode; tone?: 'accent' | 'green' | 'slate'; testId?: string }) {
  const tones = {
    accent: 'bg-[var(--color-accent)] text-white',
    green: 'bg-green-100 text-green-900',
    slate: 'bg-slate-100 text-slate-800',
  };
  return <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', tones[tone])} data-testid={testId}>{children}</span>;
}
