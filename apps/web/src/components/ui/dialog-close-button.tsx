import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { Button } from './button.tsx';

/** The 'Fechar' ✕ at a dialog's or side panel's top right. */
export function DialogCloseButton() {
  return (
    <DialogPrimitive.Close asChild>
      <Button variant="ghost" size="icon" aria-label="Fechar">
        <X aria-hidden />
      </Button>
    </DialogPrimitive.Close>
  );
}
