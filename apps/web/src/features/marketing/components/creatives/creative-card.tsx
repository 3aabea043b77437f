import { Film, FileText } from 'lucide-react';
import { CHANNEL_LABELS, PIECE_FORMAT_LABELS } from '@sede/shared/marketing/constants';
import type { PieceView } from '@sede/shared/marketing/pieces';
import type { CreativeCover } from '@sede/shared/marketing/review';
import { fileThumbnailUrl } from '../../../../components/files/files-api.ts';
import { dayMonthTime } from '@sede/shared/format';
import { StatusBadge } from './status-badge.tsx';

/**
 * A creative as a card: its cover (the latest version's first image) or its text's first lines, client, channel, status, date.
 * On phones it is a row with a small square cover, so a list of pieces is not a dozen screens of empty covers.
 */
export function CreativeCard({ piece, cover, onOpen }: { piece: PieceView; cover: CreativeCover | undefined; onOpen: () => void }) {
  return (
    <li className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <button type="button" onClick={onOpen} className="grid h-full w-full grid-cols-[5.5rem_1fr] text-left sm:grid-cols-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--color-accent)]" data-testid="creative-card">
        <div className="flex aspect-square items-center justify-center overflow-hidden bg-slate-100 sm:aspect-[4/3]">
          {cover?.hasThumbnail ? (
            <img src={fileThumbnailUrl(cover.fileId)} alt="" className="h-full w-full object-cover" loading="lazy" />
          ) : cover?.kind === 'video' ? (
            <Film className="size-8 text-slate-500 sm:size-10" aria-hidden />
          ) : piece.copy ? (
            <>
              <p className="line-clamp-5 px-4 text-sm whitespace-pre-line text-slate-700 max-sm:hidden">{piece.copy}</p>
              <FileText className="size-8 text-slate-400 sm:hidden" aria-hidden />
            </>
          ) : (
            <FileText className="size-8 text-slate-400 sm:size-10" aria-hidden />
          )}
        </div>
        <div className="grid min-w-0 content-start gap-1.5 p-3">
          <span className="line-clamp-2 font-medium text-slate-900">{piece.title}</span>
          <span className="truncate text-xs text-slate-700">{piece.clientName}</span>
          <div className="flex flex-wrap items-center gap-2 text-xs text-slate-700">
            <StatusBadge status={piece.status} />
            <span>
              {CHANNEL_LABELS[piece.channel]} · {PIECE_FORMAT_LABELS[piece.format]}
            </span>
          </div>
          <span className="text-xs text-slate-600">{piece.scheduledAt ? dayMonthTime(piece.scheduledAt) : 'Sem data'}</span>
        </div>
      </button>
    </li>
  );
}
