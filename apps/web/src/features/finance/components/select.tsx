import type { ReactNode, SelectHTMLAttributes } from 'react';
import { cn } from '../../../lib/cn.ts';
import { inputClass } from '../../../components/ui/input.tsx';

/** A native select with the inputs' look (accessible on every device). */
export function Select({ className, children, ...props }: SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }) {
  return (
    <select className={cn(inputClass, 'pr-8', className)} {...props}>
      {children}
    </select>
  );
}
