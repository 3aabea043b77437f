import type { SelectHTMLAttributes } from 'react';
import { cn } from '../../../lib/cn.ts';
import { inputClass } from '../../../components/ui/input.tsx';

/** A native select with the inputs' look (accessible everywhere, phones included). */
export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={cn(inputClass, 'pr-8', className)} {...props} />;
}
