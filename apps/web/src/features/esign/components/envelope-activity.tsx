import { EVENT_LABELS, type EnvelopeEvent } from '@sede/shared/esign/schemas';
import { dateTime } from '@sede/shared/format';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';

/** The evidence as the sender reads it: every event with when, who, from where and the browser. */
export function EnvelopeActivity({ events }: { events: EnvelopeEvent[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Histórico e evidências</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-3" aria-label="Eventos do envelope">
          {[...events].reverse().map((e) => (
            <li key={e.id} className="grid gap-0.5 border-l-2 border-slate-200 pl-3 text-sm">
              <span className="font-medium text-slate-900">
                {EVENT_LABELS[e.kind]}
                {e.signerName ? ` · ${e.signerName}` : ''}
              </span>
              <span className="text-xs text-slate-600">
                {dateTime(e.at)}
                {e.ip ? ` · IP ${e.ip}` : ''}
              </span>
              {e.userAgent && <span className="truncate text-xs text-slate-500" title={e.userAgent}>{e.userAgent}</span>}
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
