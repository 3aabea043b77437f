import { lazy, Suspense } from 'react';
import type { DateInputProps } from './date-input.tsx';
import { Input } from '../ui/input.tsx';
import { cn } from '../../lib/cn.ts';

const DateInput = lazy(() => import('./date-input.tsx').then((m) => ({ default: m.DateInput })));

/**
 * The date field of a form shown with a page's first view ('Nova tarefa' on /empresa): its mask
 * (imask, ~17 KB gzip) is fetched as the form first renders instead of with the page's code
 * (decision 0749). Until it is there, the same field, read-only, holds its place.
 */
export function LazyDateInput(props: DateInputProps) {
  const { value, onValueChange: _ignored, placeholder = 'DD/MM/AAAA', className, ref, ...rest } = props;
  return (
    <Suspense fallback={<Input {...rest} ref={ref} value={value} placeholder={placeholder} inputMode="numeric" readOnly className={cn(className, 'read-only:bg-white')} />}>
      <DateInput {...props} />
    </Suspense>
  );
}
