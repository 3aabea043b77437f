import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

/**
 * A record's detail beside its list (a Radix Dialog as a sheet on the right; full screen on
 * phones). `children` renders while `open`; closed, the sheet keeps `title` for screen readers.
 */
export function SideSheet({ open, onClose, testId, title, children }: { open: boolean; onClose: () => void; testId: string; title: string; children: ReactNode }) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <DialogPrimitive.Content
          className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-white shadow-xl sm:inset-y-0 sm:right-0 sm:left-auto sm:w-full sm:max-w-xl"
          data-testid={testId}
          aria-describedby={undefined}
        >
          {open ? children : <DialogPrimitive.Title className="sr-only">{title}</DialogPrimitive.Title>}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
