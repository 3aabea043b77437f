import { DOCUMENT_VISIBILITIES, DOCUMENT_VISIBILITY_LABELS, type DocumentView, type DocumentVisibility } from '@sede/shared/documents/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { mentionableQueryOptions } from '../../../components/collaboration/collaboration-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { documentKeys } from '../api/keys.ts';
import { updateDocument } from '../api/update-document.ts';

/** Who sees the document: the whole company, or only its creator and the people chosen (and admins). */
export function ShareDialog({ doc }: { doc: DocumentView }) {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [visibility, setVisibility] = useState<DocumentVisibility>(doc.visibility);
  const [members, setMembers] = useState<string[]>(doc.memberIds);
  const people = useQuery({ ...mentionableQueryOptions(''), enabled: open });
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          setVisibility(doc.visibility);
          setMembers(doc.memberIds);
          setOpen(true);
        }}
      >
        <Users aria-hidden /> Compartilhar
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Quem pode ver">
        <form
          className="grid gap-4"
          onSubmit={async (e) => {
            e.preventDefault();
            try {
              qc.setQueryData(documentKeys.one(doc.id), await updateDocument(doc.id, { visibility, memberIds: visibility === 'restrita' ? members : [] }));
              await qc.invalidateQueries({ queryKey: documentKeys.lists });
              toast.success('Compartilhamento atualizado.');
              setOpen(false);
            } catch (err) {
              toast.error(err instanceof ApiError ? err.message : 'Não foi possível atualizar.');
            }
          }}
        >
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-900">Visibilidade</legend>
            {DOCUMENT_VISIBILITIES.map((v) => (
              <label key={v} className="flex items-center gap-2 text-sm">
                <input type="radio" name="visibility" value={v} checked={visibility === v} onChange={() => setVisibility(v)} />
                {DOCUMENT_VISIBILITY_LABELS[v]}
              </label>
            ))}
          </fieldset>
          {visibility === 'restrita' && (
            <fieldset className="grid max-h-56 gap-1 overflow-y-auto">
              <legend className="mb-1 text-sm font-medium text-slate-900">Pessoas que podem ver e editar</legend>
              {people.data?.map((p) => (
                <label key={p.userId} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={members.includes(p.userId)}
                    disabled={p.userId === doc.createdBy}
                    onChange={(e) => setMembers((m) => (e.target.checked ? [...m, p.userId] : m.filter((x) => x !== p.userId)))}
                  />
                  {p.name}
                  {p.userId === doc.createdBy && <span className="text-xs text-slate-500">(criou)</span>}
                </label>
              ))}
            </fieldset>
          )}
          <FormActions onCancel={() => setOpen(false)} submitLabel="Salvar" />
        </form>
      </Dialog>
    </>
  );
}
