import { useMemo } from 'react';
import type { VersionView } from '@sede/shared/marketing/review';
import { Added, DiffLegend, Removed, WordChanges } from '../../../../components/diff/word-changes.tsx';
import { hashtagDiff, setDiff, wordDiff, wordsIn } from './version-diff.ts';
import { VersionMedia } from './version-media.tsx';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** An old version against the current one, word by word: the text with its insertions and deletions, the hashtags and the media as sets. */
export function VersionComparison({ older, current }: { older: VersionView; current: VersionView }) {
  const changes = useMemo(() => wordDiff(older.copy ?? '', current.copy ?? ''), [older.copy, current.copy]);
  const tags = useMemo(() => hashtagDiff(older.hashtags, current.hashtags), [older.hashtags, current.hashtags]);
  const media = useMemo(() => setDiff(older.files, current.files), [older.files, current.files]);
  const added = wordsIn(changes, 'added');
  const removed = wordsIn(changes, 'removed');
  const sameText = changes.every((c) => c.op === 'same');
  const hasTags = older.hashtags.length > 0 || current.hashtags.length > 0;
  const hasMedia = older.files.length > 0 || current.files.length > 0;

  return (
    <div className="grid min-w-0 gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3" data-testid="version-comparison">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="text-xs font-medium text-slate-800">
          Da versão {older.number} para a versão {current.number} (atual)
        </p>
        <DiffLegend />
      </div>

      <section className="grid gap-1" aria-label="Texto">
        <p className="text-xs text-slate-700" data-testid="diff-summary">
          {sameText ? 'O texto é o mesmo nas duas versões.' : `${plural(added, 'palavra incluída', 'palavras incluídas')} · ${plural(removed, 'palavra removida', 'palavras removidas')}`}
        </p>
        {changes.length === 0 ? (
          <p className="text-sm text-slate-600">Sem texto.</p>
        ) : (
          <WordChanges changes={changes} />
        )}
      </section>

      {hasTags && (
        <section className="grid gap-1" aria-label="Hashtags">
          <p className="text-xs font-medium text-slate-700">Hashtags</p>
          <ul className="flex flex-wrap gap-x-2 gap-y-1 text-sm text-slate-800" data-testid="diff-hashtags">
            {tags.kept.map((t) => (
              <li key={`k${t}`}>#{t}</li>
            ))}
            {tags.added.map((t) => (
              <li key={`a${t}`}>
                <Added>{`#${t}`}</Added>
              </li>
            ))}
            {tags.removed.map((t) => (
              <li key={`r${t}`}>
                <Removed>{`#${t}`}</Removed>
              </li>
            ))}
          </ul>
        </section>
      )}

      {hasMedia && (
        <section className="grid gap-2" aria-label="Imagens e vídeos">
          <p className="text-xs font-medium text-slate-700">Imagens e vídeos</p>
          {media.added.length === 0 && media.removed.length === 0 ? (
            <>
              <p className="text-xs text-slate-600">Os mesmos nas duas versões.</p>
              <VersionMedia files={current.files} size="sm" />
            </>
          ) : (
            <div className="grid gap-2 sm:grid-cols-2">
              {media.added.length > 0 && (
                <div className="grid gap-1">
                  <p className="text-xs text-emerald-900">Incluídos na atual ({media.added.length})</p>
                  <VersionMedia files={media.added} size="sm" />
                </div>
              )}
              {media.removed.length > 0 && (
                <div className="grid gap-1">
                  <p className="text-xs text-red-900">Removidos desde a versão {older.number} ({media.removed.length})</p>
                  <VersionMedia files={media.removed} size="sm" />
                </div>
              )}
              {media.kept.length > 0 && (
                <div className="grid gap-1">
                  <p className="text-xs text-slate-700">Em ambas ({media.kept.length})</p>
                  <VersionMedia files={media.kept} size="sm" />
                </div>
              )}
            </div>
          )}
        </section>
      )}
    </div>
  );
}
