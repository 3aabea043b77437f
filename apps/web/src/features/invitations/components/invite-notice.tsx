import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

const TONES = { danger: 'bg-red-50 text-red-600', warning: 'bg-amber-50 text-amber-700' } as const;

/** An invitation page's heading: a round icon by the title and what it means. */
export function InviteNotice({ icon: Icon, tone, title, children }: { icon: LucideIcon; tone: keyof typeof TONES; title: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <span className={cn('rounded-full p-2', TONES[tone])}>
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="grid gap-1">
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        {children}
      </div>
    </div>
  );
}
