import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';

/** Names the current search and filters as a segment. */
export function SegmentDialog({ open, onClose, onSave }: { open: boolean; onClose: () => void; onSave: (name: string) => Promise<void> }) {
  const [name, setName] = useState('');
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title="Salvar como segmento" description="O segmento guarda a busca e os filtros atuais; ao abri-lo, os contatos são calculados de novo.">
      <form
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void onSave(name);
        }}
      >
        <Field label="Nome do segmento">
          <Input value={name} onChange={(e) => setName(e.target.value)} required />
        </Field>
        <FormActions onCancel={onClose} submitLabel="Salvar" />
      </form>
    </Dialog>
  );
}
