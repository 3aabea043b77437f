import { lazy, Suspense } from 'react';
import type { DateInputProps } from './date-input.tsx';
import { inputClass } from '../ui/input.tsx';
import { cn } from '../../lib/cn.ts';

const DateInput = lazy(() => import('./date-input.tsx').then((m) => ({ default: m.DateInput })));

/**
 * The date field of a form shown with a page's first view ('Nova tarefa' on /empresa): its mask
 * (imask, ~17 KB gzip) is fetched as the form first renders instead of with the page's code
 * (decision 0749). Until it is there, a box of the field's size holds its place; the field's
 * label points at the field itself, so nothing can be typed where it would be lost.
 */
export function LazyDateInput(props: DateInputProps) {
  const { value, placeholder = 'DD/MM/AAAA', className } = props;
  return (
    <Suspense
      fallback={
        <div aria-hidden className={cn(inputClass, 'items-center', value ? '' : 'text-slate-500', className)}>
          {value || placeholder}
        </div>
      }
    >
      <DateInput {...props} />
    </Suspense>
  );
}
