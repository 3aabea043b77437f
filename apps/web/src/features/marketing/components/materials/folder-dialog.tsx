import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../../lib/api-client.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { Input } from '../../../../components/ui/input.tsx';

/** The name of a new folder (inside the current one) or a folder's new name. */
export function FolderDialog({
  open,
  onOpenChange,
  title,
  initial = '',
  submitLabel,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  initial?: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<void>;
}) {
  const id = useId();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) {
      setName(initial);
      setError(null);
    }
  }, [open, initial]);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
    >
      <form
        className="grid gap-3"
        onSubmit={async (e) => {
          e.preventDefault();
          setSaving(true);
          setError(null);
          try {
            await onSubmit(name.trim());
            toast.success(submitLabel === 'Criar pasta' ? 'Pasta criada' : 'Pasta renomeada');
            onOpenChange(false);
          } catch (err) {
            setError(err instanceof ApiError ? err.message : 'Não foi possível salvar a pasta.');
          } finally {
            setSaving(false);
          }
        }}
      >
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-name`} className="text-sm font-medium text-slate-900">
            Nome da pasta
          </label>
          <Input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} maxLength={80} required aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          <Button type="submit" pending={saving}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
