import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { DialogCloseButton } from './dialog-close-button.tsx';

/** A centred dialog whose body scrolls (long forms on a phone); `wide` for forms of two or three columns, `'xl'` for a document with its tools (the field editor). */
export function ScrollDialog({ open, onOpenChange, title, description, children, testId, wide }: { open: boolean; onOpenChange: (o: boolean) => void; title: string; description?: ReactNode; children: ReactNode; testId?: string; wide?: boolean | 'xl' }) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <DialogPrimitive.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 grid max-h-[92dvh] w-[calc(100%-1.5rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-slate-200 bg-white p-5 shadow-lg sm:p-6',
            wide === 'xl' ? 'max-w-4xl' : wide ? 'max-w-2xl' : 'max-w-lg',
          )}
          data-testid={testId}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-3">
            <div>
              <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
              {description && <DialogPrimitive.Description className="text-sm text-slate-600">{description}</DialogPrimitive.Description>}
            </div>
            <DialogCloseButton />
          </div>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
