import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from '../../../../lib/toast.ts';
import type { VersionView } from '@sede/shared/marketing/review';
import { Button } from '../../../../components/ui/button.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { marketingKeys } from '../../api/keys.ts';
import { restoreVersion } from '../../api/review.ts';
import { dateTime } from '@sede/shared/format';
import { hashtagLine } from './hashtags.ts';
import { VersionComparison } from './version-comparison.tsx';
import { VersionMedia } from './version-media.tsx';

const origin = (v: VersionView) => (v.source === 'ia' ? 'texto da IA' : v.source === 'restauracao' ? `restaurada da versão ${v.restoredFrom}` : null);

function VersionBody({ v }: { v: VersionView }) {
  return (
    <div className="grid gap-2">
      {v.copy ? <p className="text-sm whitespace-pre-line text-slate-800">{v.copy}</p> : <p className="text-sm text-slate-600">Sem texto.</p>}
      {v.hashtags.length > 0 && <p className="text-sm text-slate-700">{hashtagLine(v.hashtags)}</p>}
      <VersionMedia files={v.files} size="sm" />
    </div>
  );
}

/** Every version, newest first: who and when, compare one with the current word by word, restore an old one (a new version). */
export function VersionsList({ pieceId, versions, mayWrite }: { pieceId: string; versions: VersionView[]; mayWrite: boolean }) {
  const id = useId();
  const qc = useQueryClient();
  const [comparing, setComparing] = useState<string | null>(null);
  const [restoring, setRestoring] = useState<string | null>(null);
  const current = versions[0];

  async function restore(v: VersionView) {
    setRestoring(v.id);
    try {
      const created = await restoreVersion(pieceId, v.id);
      toast.success(`Versão ${v.number} restaurada como versão ${created.number}`);
      setComparing(null);
      await qc.invalidateQueries({ queryKey: marketingKeys.piece(pieceId) });
      await qc.invalidateQueries({ queryKey: marketingKeys.pieces });
    } catch (e) {
      toast.error('Não foi possível restaurar', { description: e instanceof ApiError ? e.message : undefined });
    } finally {
      setRestoring(null);
    }
  }

  return (
    <section aria-labelledby={`${id}-t`} className="grid gap-3">
      <h3 id={`${id}-t`} className="font-medium text-slate-900">
        Versões
      </h3>
      {versions.length === 0 ? (
        <p className="text-sm text-slate-600">Nenhuma versão ainda. Salve a primeira com o texto e as imagens da peça.</p>
      ) : (
        <ol className="grid gap-3" data-testid="versions">
          {versions.map((v) => (
            <li key={v.id} className="grid gap-2 rounded-xl border border-slate-200 p-3">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="text-sm font-medium text-slate-900">
                  Versão {v.number}
                  {v === current && <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-normal text-slate-800">atual</span>}
                </p>
                <p className="text-xs text-slate-600">
                  {v.createdByName ?? 'Alguém da equipe'} · {dateTime(v.createdAt)}
                  {origin(v) ? ` · ${origin(v)}` : ''}
                </p>
              </div>
              {v.note && <p className="text-xs text-slate-700">“{v.note}”</p>}
              {comparing === v.id && current ? (
                <VersionComparison older={v} current={current} />
              ) : (
                <VersionBody v={v} />
              )}
              {v !== current && (
                <div className="flex flex-wrap justify-end gap-2">
                  <Button size="sm" variant="ghost" onClick={() => setComparing(comparing === v.id ? null : v.id)} aria-expanded={comparing === v.id}>
                    {comparing === v.id ? 'Fechar comparação' : 'Comparar com a atual'}
                  </Button>
                  {mayWrite && (
                    <Button size="sm" variant="secondary" onClick={() => restore(v)} pending={restoring === v.id}>
                      Restaurar
                    </Button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
