import { Link } from 'react-router';
import type { PieceView } from '@sede/shared/marketing/pieces';
import { CHANNEL_LABELS } from '@sede/shared/marketing/constants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { weekdayDateTime } from '@sede/shared/format';
import { piecePath } from '../clients/links.ts';

/** Pieces in 'revisão': waiting for someone's approval. */
export function PendingApprovals({ pieces, loading, hasMore }: { pieces: PieceView[] | undefined; loading: boolean; hasMore: boolean }) {
  return (
    <Card data-testid="pending-approvals">
      <CardHeader>
        <CardTitle>Aprovações pendentes</CardTitle>
        <CardDescription>Peças em revisão, esperando aprovação.</CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <Spinner />
        ) : pieces?.length ? (
          <ul className="divide-y divide-slate-100">
            {pieces.map((p) => (
              <li key={p.id} className="py-2 text-sm">
                <Link to={piecePath(p.id)} className="font-medium text-slate-900 hover:underline">
                  {p.title}
                </Link>
                <p className="text-xs text-slate-600">
                  {p.clientName} · {CHANNEL_LABELS[p.channel]}
                  {p.scheduledAt ? ` · ${weekdayDateTime(p.scheduledAt)}` : ' · sem data'}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">Nenhuma peça esperando aprovação.</p>
        )}
        {hasMore && (
          <Link to="/marketing/criativos?status=revisao" className="mt-2 inline-block text-sm font-medium text-[var(--color-accent)] hover:underline">
            Ver todas em Criativos
          </Link>
        )}
      </CardContent>
    </Card>
  );
}
