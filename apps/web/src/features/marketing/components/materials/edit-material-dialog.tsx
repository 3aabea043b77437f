import { useState } from 'react';
import { toast } from '../../../../lib/toast.ts';
import type { MaterialFolder, MaterialView } from '@sede/shared/marketing/materials';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { FormActions } from '../../../../components/ui/form-actions.tsx';
import { useSubmit } from '../../../../lib/use-submit.ts';
import { Input, inputClass } from '../../../../components/ui/input.tsx';
import { updateMaterial } from '../../api/materials.ts';
import { folderPath } from './folders.ts';
import { parseTagText } from './tags.ts';

/** Rename, move to another folder of the same client, and edit the tags of a material. */
export function EditMaterialDialog({
  material,
  folders,
  open,
  onOpenChange,
  onSaved,
}: {
  material: MaterialView;
  folders: MaterialFolder[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const [name, setName] = useState(material.name);
  const [folderId, setFolderId] = useState(material.folderId ?? '');
  const [tags, setTags] = useState(material.tags.join(', '));
  const own = folders.filter((f) => f.clientId === material.clientId);
  const save = useSubmit(async (tagList: string[]) => {
    await updateMaterial(material.id, { name: name.trim(), folderId: folderId || null, tags: tagList });
    toast.success('Material atualizado');
    onSaved();
    onOpenChange(false);
  }, 'Não foi possível salvar.');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Editar material" description="Renomeie, mova para outra pasta ou mude as etiquetas.">
      <form
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = parseTagText(tags);
          if (parsed.error !== null) save.setError(parsed.error);
          else void save.submit(parsed.tags);
        }}
      >
        <Field label="Nome">
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={200} required />
        </Field>
        <Field label="Pasta">
          <select className={inputClass} value={folderId} onChange={(e) => setFolderId(e.target.value)}>
            <option value="">Sem pasta</option>
            {own.map((f) => (
              <option key={f.id} value={f.id}>
                {folderPath(f.id, folders)}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Etiquetas" hint="Separe por vírgulas, por exemplo: logo, campanha de verão.">
          <Input value={tags} onChange={(e) => setTags(e.target.value)} />
        </Field>
        <FormActions error={save.error} onCancel={() => onOpenChange(false)} submitLabel="Salvar" pending={save.pending} />
      </form>
    </Dialog>
  );
}
