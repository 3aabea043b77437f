import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** A small rounded label (a status, a score); `tone` is its colours ('bg-emerald-100 text-emerald-900'). */
export function Badge({ tone, className, title, children }: { tone: string; className?: string; title?: string; children: ReactNode }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium', tone, className)} title={title}>
      {children}
    </span>
  );
}

/** The colours of a 0–100 score's band: 70 and above good, 40–69 partly, below 40 weak. */
export const scoreBandTone = (score: number) => (score >= 70 ? 'bg-emerald-100 text-emerald-900' : score >= 40 ? 'bg-amber-100 text-amber-900' : 'bg-red-100 text-red-900');
