import { useEffect, useState } from 'react';
import { toast } from '../../../../lib/toast.ts';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { FormActions } from '../../../../components/ui/form-actions.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { useSubmit } from '../../../../lib/use-submit.ts';

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
  const [name, setName] = useState(initial);
  const save = useSubmit(async () => {
    await onSubmit(name.trim());
    toast.success(submitLabel === 'Criar pasta' ? 'Pasta criada' : 'Pasta renomeada');
    onOpenChange(false);
  }, 'Não foi possível salvar a pasta.');
  const { setError } = save;
  useEffect(() => {
    if (open) {
      setName(initial);
      setError(null);
    }
  }, [open, initial, setError]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title}>
      <form
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void save.submit();
        }}
      >
        <Field label="Nome da pasta" error={save.error ?? undefined}>
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={80} required />
        </Field>
        <FormActions onCancel={() => onOpenChange(false)} submitLabel={submitLabel} pending={save.pending} />
      </form>
    </Dialog>
  );
}
