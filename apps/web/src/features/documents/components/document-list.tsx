import { DOCUMENT_VISIBILITY_LABELS, type DocumentListItem } from '@sede/shared/documents/schemas';
import { FileText, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent } from '../../../components/ui/card.tsx';

const when = (iso: string) => new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(new Date(iso));

/** «…» marks the search's matches in the snippet: drawn as <mark>, the rest as text. */
function Snippet({ text }: { text: string }) {
  let at = 0;
  const parts = text.split(/«|»/).map((part, i) => {
    const segment = { part, marked: i % 2 === 1, at };
    at += part.length + 1;
    return segment;
  });
  return (
    <p className="line-clamp-2 text-sm text-slate-600">
      {parts.map((s) =>
        s.marked ? (
          <mark key={s.at} className="rounded bg-yellow-100 px-0.5 text-slate-900">
            {s.part}
          </mark>
        ) : (
          <span key={s.at}>{s.part}</span>
        ),
      )}
    </p>
  );
}

/** Documents as cards: title (restricted ones marked), the search's snippet, who changed it last and when. */
export function DocumentList({ items }: { items: DocumentListItem[] }) {
  if (!items.length) return null;
  return (
  <ul className="grid gap-2">
    {items.map((d) => (
      <li key={d.id}>
        <Card className="transition-colors hover:border-slate-300">
          <CardContent className="grid gap-1 py-4">
            <Link to={`/document-editor/${d.id}`} className="flex items-center gap-2 font-medium text-slate-900 hover:underline">
              <FileText className="size-4 shrink-0 text-slate-500" aria-hidden />
              <span className="truncate">{d.title}</span>
              {d.visibility === 'restrita' && (
                <span className="ml-1 inline-flex items-center gap-1 text-xs font-normal text-slate-600" title={DOCUMENT_VISIBILITY_LABELS.restrita}>
                  <Lock className="size-3" aria-hidden /> restrito
                </span>
              )}
            </Link>
            {d.snippet && <Snippet text={d.snippet} />}
            <p className="text-xs text-slate-600">
              Atualizado em {when(d.updatedAt)}
              {d.updatedByName ? ` por ${d.updatedByName}` : ''}
            </p>
          </CardContent>
        </Card>
      </li>
    ))}
  </ul>
  );
}
