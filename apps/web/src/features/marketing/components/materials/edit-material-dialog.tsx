import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { MaterialFolder, MaterialView } from '@sede/shared/marketing/materials';
import { ApiError } from '../../../../lib/api-client.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
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
  const id = useId();
  const [name, setName] = useState(material.name);
  const [folderId, setFolderId] = useState(material.folderId ?? '');
  const [tags, setTags] = useState(material.tags.join(', '));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const own = folders.filter((f) => f.clientId === material.clientId);
  async function save() {
    const parsed = parseTagText(tags);
    if (parsed.error !== null) {
      setError(parsed.error);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await updateMaterial(material.id, { name: name.trim(), folderId: folderId || null, tags: parsed.tags });
      toast.success('Material atualizado');
      onSaved();
      onOpenChange(false);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Não foi possível salvar.');
    } finally {
      setSaving(false);
    }
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Editar material" description="Renomeie, mova para outra pasta ou mude as etiquetas.">
      <form
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-name`} className="text-sm font-medium text-slate-900">
            Nome
          </label>
          <Input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} maxLength={200} required />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-folder`} className="text-sm font-medium text-slate-900">
            Pasta
          </label>
          <select id={`${id}-folder`} className={inputClass} value={folderId} onChange={(e) => setFolderId(e.target.value)}>
            <option value="">Sem pasta</option>
            {own.map((f) => (
              <option key={f.id} value={f.id}>
                {folderPath(f.id, folders)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-tags`} className="text-sm font-medium text-slate-900">
            Etiquetas
          </label>
          <Input id={`${id}-tags`} value={tags} onChange={(e) => setTags(e.target.value)} aria-describedby={`${id}-tags-hint`} />
          <p id={`${id}-tags-hint`} className="text-xs text-slate-600">
            Separe por vírgulas, por exemplo: logo, campanha de verão.
          </p>
        </div>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          <Button type="submit" pending={saving}>
            Salvar
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
