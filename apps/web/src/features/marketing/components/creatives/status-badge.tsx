import { PIECE_STATUS_LABELS, type PieceStatus } from '@sede/shared/marketing/constants';
import { STATUS_CLASS } from './status.ts';

export function StatusBadge({ status }: { status: PieceStatus }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASS[status]}`}>{PIECE_STATUS_LABELS[status]}</span>;
}
