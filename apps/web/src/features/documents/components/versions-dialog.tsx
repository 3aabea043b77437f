import { useQueryClient } from '@tanstack/react-query';
import { History, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useVersion } from '../api/get-version.ts';
import { documentKeys } from '../api/keys.ts';
import { useVersions } from '../api/list-versions.ts';
import { restoreVersion } from '../api/restore-version.ts';
import { saveVersion } from '../api/save-version.ts';
import { RichEditor } from './rich-editor.tsx';
import { dateTime } from '@sede/shared/format';

const REASONS = { manual: 'salva à mão', auto: 'automática', restore: 'antes de restaurar' } as const;

/** The version history: save one now, preview any, restore it (the current text becomes a version first). */
export function VersionsDialog({ documentId, canWrite, beforeRestore, onRestored }: { documentId: string; canWrite: boolean; beforeRestore: () => Promise<void>; onRestored: () => void }) {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const versions = useVersions(documentId, open);
  const preview = useVersion(documentId, selected);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <History aria-hidden /> Versões
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Histórico de versões" description="Uma versão é guardada a cada 10 minutos de edição, antes de cada restauração e quando você pede.">
        <div className="grid max-h-[70vh] gap-3 overflow-y-auto">
          {canWrite && (
            <Button
              variant="secondary"
              size="sm"
              className="justify-self-start"
              onClick={async () => {
                try {
                  await beforeRestore();
                  qc.setQueryData(documentKeys.versions(documentId), (await saveVersion(documentId)).versions);
                  toast.success('Versão salva.');
                } catch (e) {
                  toast.error(e instanceof ApiError ? e.message : 'Não foi possível salvar a versão.');
                }
              }}
            >
              Salvar versão agora
            </Button>
          )}
          {versions.isPending && <Spinner />}
          {versions.data?.length === 0 && <p className="text-sm text-slate-600">Nenhuma versão guardada ainda.</p>}
          <ul className="grid gap-1">
            {versions.data?.map((v) => (
              <li key={v.id}>
                <button
                  type="button"
                  aria-current={selected === v.id ? 'true' : undefined}
                  onClick={() => setSelected(v.id)}
                  className="grid w-full rounded-md px-2 py-1.5 text-left text-sm hover:bg-slate-100 aria-[current=true]:bg-[var(--color-accent-soft)]"
                >
                  <span className="font-medium text-slate-900">{dateTime(v.createdAt)}</span>
                  <span className="text-xs text-slate-600">
                    {REASONS[v.reason]}
                    {v.createdByName ? ` · ${v.createdByName}` : ''}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {selected && preview.data && (
            <section aria-label="Prévia da versão" className="grid gap-2">
              <RichEditor key={preview.data.id} documentId={documentId} content={preview.data.content} editable={false} onChange={() => {}} label={`Prévia: ${preview.data.title}`} />
              {canWrite && (
                <Button
                  className="justify-self-end"
                  onClick={async () => {
                    try {
                      await beforeRestore();
                      qc.setQueryData(documentKeys.one(documentId), await restoreVersion(documentId, selected));
                      await qc.invalidateQueries({ queryKey: documentKeys.versions(documentId) });
                      toast.success('Versão restaurada.');
                      setOpen(false);
                      onRestored();
                    } catch (e) {
                      toast.error(e instanceof ApiError ? e.message : 'Não foi possível restaurar.');
                    }
                  }}
                >
                  <RotateCcw aria-hidden /> Restaurar esta versão
                </Button>
              )}
            </section>
          )}
        </div>
      </Dialog>
    </>
  );
}
