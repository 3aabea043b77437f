import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from '../../../../lib/toast.ts';
import { MARKETING_LIMITS as L } from '@sede/shared/marketing/constants';
import type { PieceView } from '@sede/shared/marketing/pieces';
import { FileManager } from '../../../../components/files/file-manager.tsx';
import { entityFilesQueryOptions } from '../../../../components/files/files-api.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { inputClass } from '../../../../components/ui/input.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { marketingKeys } from '../../api/keys.ts';
import { createVersion } from '../../api/review.ts';
import { parseHashtags } from './hashtags.ts';

export type VersionDraft = { copy: string; hashtags: string; source: 'manual' | 'ia' };

/**
 * 'Nova versão': the text, hashtags and which of the piece's images and videos it shows (all of
 * them unless unticked); uploads go to the piece. Saving keeps every older version.
 */
export function VersionEditor({ piece, draft, setDraft, onSaved }: { piece: PieceView; draft: VersionDraft; setDraft: (d: VersionDraft) => void; onSaved: () => void }) {
  const id = useId();
  const qc = useQueryClient();
  const files = useQuery(entityFilesQueryOptions('marketing_piece', piece.id));
  const [excluded, setExcluded] = useState<Set<string>>(new Set());
  const [note, setNote] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const chosen = (files.data ?? []).filter((f) => !excluded.has(f.id));

  async function save() {
    setPending(true);
    setError(null);
    try {
      const v = await createVersion(piece.id, { copy: draft.copy.trim(), hashtags: parseHashtags(draft.hashtags), fileIds: chosen.map((f) => f.id), note: note.trim() || null, source: draft.source });
      toast.success(`Versão ${v.number} salva`);
      setNote('');
      onSaved();
      await qc.invalidateQueries({ queryKey: marketingKeys.piece(piece.id) });
      await qc.invalidateQueries({ queryKey: marketingKeys.pieces });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Não foi possível salvar a versão.');
    } finally {
      setPending(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-t`} className="grid gap-3 rounded-xl border border-slate-200 p-4">
      <h3 id={`${id}-t`} className="font-medium text-slate-900">
        Nova versão
      </h3>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-copy`} className="text-sm font-medium text-slate-800">
          Texto (legenda, corpo)
        </label>
        <textarea id={`${id}-copy`} className={`${inputClass} h-32`} maxLength={L.copy} value={draft.copy} onChange={(e) => setDraft({ ...draft, copy: e.target.value, source: draft.source })} />
        {draft.source === 'ia' && <p className="text-xs text-slate-600">Texto sugerido pela IA: revise antes de salvar.</p>}
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-tags`} className="text-sm font-medium text-slate-800">
          Hashtags
        </label>
        <input id={`${id}-tags`} className={inputClass} value={draft.hashtags} onChange={(e) => setDraft({ ...draft, hashtags: e.target.value })} placeholder="#verao #padaria" />
      </div>
      <FileManager entityType="marketing_piece" entityId={piece.id} kinds={['image', 'video']} title="Imagens e vídeos" emptyText="Nenhuma imagem ou vídeo ainda. Arraste para cá ou use o botão." />
      {(files.data?.length ?? 0) > 0 && (
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium text-slate-800">Arquivos desta versão</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {files.data!.map((f) => (
              <label key={f.id} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={!excluded.has(f.id)}
                  onChange={(e) =>
                    setExcluded((prev) => {
                      const next = new Set(prev);
                      if (e.target.checked) next.delete(f.id);
                      else next.add(f.id);
                      return next;
                    })
                  }
                />
                <span className="max-w-48 truncate">{f.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-note`} className="text-sm font-medium text-slate-800">
          O que mudou (opcional)
        </label>
        <input id={`${id}-note`} className={inputClass} maxLength={300} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Button className="justify-self-end" onClick={save} pending={pending}>
        Salvar nova versão
      </Button>
    </section>
  );
}
