import { FilePlus2, FileText, Lock, Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { dateTime } from '@sede/shared/format';
import { DOCUMENT_VISIBILITY_LABELS, type DocumentListItem } from '@sede/shared/documents/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { type DataColumn, DataList, listStates } from '../../../components/ui/data-list.tsx';
import { Input } from '../../../components/ui/input.tsx';
import type { DocumentFilters } from '../api/keys.ts';
import { useDocuments } from '../api/list-documents.ts';

/** «…» marks the search's matches in the snippet: drawn as <mark>, the rest as text. */
function Snippet({ text }: { text: string }) {
  let at = 0;
  const parts = text.split(/«|»/).map((part, i) => {
    const segment = { part, marked: i % 2 === 1, at };
    at += part.length + 1;
    return segment;
  });
  return (
    <p className="line-clamp-2 text-sm font-normal text-slate-600">
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

const columns: DataColumn<DocumentListItem>[] = [
  {
    id: 'title',
    header: 'Documento',
    card: 'title',
    cell: (d) => (
      <span className="grid min-w-0 gap-1">
        <Link to={`/document-editor/${d.id}`} className="flex min-w-0 items-center gap-2 font-medium text-slate-900 hover:underline">
          <FileText className="size-4 shrink-0 text-slate-500" aria-hidden />
          <span className="truncate">{d.title}</span>
          {d.visibility === 'restrita' && (
            <span className="ml-1 inline-flex items-center gap-1 text-xs font-normal text-slate-600" title={DOCUMENT_VISIBILITY_LABELS.restrita}>
              <Lock className="size-3" aria-hidden /> restrito
            </span>
          )}
        </Link>
        {d.snippet && <Snippet text={d.snippet} />}
      </span>
    ),
  },
  { id: 'updated', header: 'Atualizado', card: 'subtitle', className: 'text-xs text-slate-600 md:whitespace-nowrap', cell: (d) => `Atualizado em ${dateTime(d.updatedAt)}${d.updatedByName ? ` por ${d.updatedByName}` : ''}` },
];

/**
 * A documentation's documents (the company's, a folder's, mine, a project's): the search in the
 * title and the text, then the documents with the search's snippet and who changed them last.
 */
export function DocumentBrowser({ filters, searchLabel, placeholder, empty, onCreate }: {
  filters: Omit<DocumentFilters, 'q'>;
  searchLabel: string;
  placeholder: string;
  empty: { title: string; description: string };
  onCreate: () => void;
}) {
  const [q, setQ] = useState('');
  const search = useDeferredValue(q.trim());
  const docs = useDocuments({ ...filters, q: search || undefined });
  return (
    <div className="grid content-start gap-4">
      <div className="relative">
        <Search className="pointer-events-none absolute top-3 left-3 size-4 text-slate-500" aria-hidden />
        <Input type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder={placeholder} aria-label={searchLabel} className="pl-9" />
      </div>
      <DataList label="Documentos" rows={docs.data?.pages.flatMap((p) => p.items) ?? []} columns={columns} query={docs} filtered={Boolean(search)} paging={docs} states={listStates(FileText, 'os documentos', {
        ...empty,
        action: <Button onClick={onCreate}><FilePlus2 aria-hidden /> Criar o primeiro documento</Button>,
      }, `Nenhum documento com “${search}”.`)} />
    </div>
  );
}

/** A documentation page's title, what it holds and 'Novo documento'. */
export function DocumentsHeading({ title, description, onCreate }: { title: string; description: string; onCreate: () => void }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">{description}</p>
      </div>
      <Button onClick={onCreate}>
        <FilePlus2 aria-hidden /> Novo documento
      </Button>
    </div>
  );
}
