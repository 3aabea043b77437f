import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { Check } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

type ChoiceCardProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  type: 'radio' | 'checkbox';
  title: string;
  description?: string;
  badge?: ReactNode;
  children?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** A native radio or checkbox shown as a card: keyboard, labels and forms work as usual. */
export function ChoiceCard({ type, title, description, badge, children, className, ref, ...input }: ChoiceCardProps) {
  return (
    <label
      className={cn(
        'relative flex cursor-pointer gap-3 rounded-xl border border-slate-300 bg-white p-4 transition-colors hover:border-slate-400',
        'has-[:checked]:border-[var(--color-accent)] has-[:checked]:bg-[var(--color-accent-soft)] has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-[var(--color-accent)]',
        className,
      )}
    >
      <input ref={ref} type={type} className="peer sr-only" {...input} />
      <span
        aria-hidden
        className={cn(
          'mt-0.5 flex size-5 shrink-0 items-center justify-center border border-slate-400 bg-white text-white peer-checked:border-[var(--color-accent)] peer-checked:bg-[var(--color-accent)]',
          type === 'radio' ? 'rounded-full' : 'rounded-md',
        )}
      >
        <Check className="size-3.5" strokeWidth={3} />
      </span>
      <span className="grid min-w-0 flex-1 content-start gap-0.5">
        <span className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {title}
          {badge}
        </span>
        {description && <span className="text-sm text-slate-600">{description}</span>}
        {children}
      </span>
    </label>
  );
}
