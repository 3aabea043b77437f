import type { ReactNode } from 'react';
import { AddButton } from '../../../components/ui/add-button.tsx';

/**
 * The bar over a Comercial list: its filter and the new-record button. Hidden on first use, when the
 * empty list itself offers the first record.
 */
export function ListToolbar({ firstUse, align, addLabel, onAdd, children }: { firstUse: boolean; align: 'center' | 'end'; addLabel: string; onAdd: () => void; children: ReactNode }) {
  if (firstUse) return null;
  return (
    <div className={`flex flex-col gap-2 sm:flex-row sm:justify-between ${align === 'center' ? 'sm:items-center' : 'sm:items-end'}`}>
      {children}
      <AddButton onClick={onAdd}>{addLabel}</AddButton>
    </div>
  );
}
