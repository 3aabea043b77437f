import { CANVAS_LIMITS, CANVAS_MESSAGES } from '@sede/shared/canvas/schemas';
import { useState } from 'react';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { ApiError } from '../../../lib/api-client.ts';

/** Asks a board's name (creating or renaming); the server's refusal shows under the field. */
export function NameDialog({ open, onOpenChange, title, submitLabel, initial, onSubmit }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  submitLabel: string;
  initial: string;
  onSubmit: (name: string) => Promise<void>;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (o) {
          setName(initial);
          setError(null);
        }
        onOpenChange(o);
      }}
      title={title}
    >
      <form
        className="grid gap-4"
        onSubmit={async (e) => {
          e.preventDefault();
          const value = name.trim();
          if (!value) return setError(CANVAS_MESSAGES.titleRequired);
          setPending(true);
          try {
            await onSubmit(value);
            onOpenChange(false);
          } catch (err) {
            setError(err instanceof ApiError ? err.message : 'Não foi possível salvar. Tente de novo.');
          } finally {
            setPending(false);
          }
        }}
      >
        <div className="grid gap-1.5">
          <Label htmlFor="canvas-board-name">Nome do quadro</Label>
          <Input
            id="canvas-board-name"
            value={name}
            maxLength={CANVAS_LIMITS.title}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'canvas-board-name-error' : undefined}
            autoFocus
          />
          {error && (
            <p id="canvas-board-name-error" role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
        <FormActions onCancel={() => onOpenChange(false)} submitLabel={submitLabel} pending={pending} />
      </form>
    </Dialog>
  );
}
