
import { FilePlus2, FileText, Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { documentKeys } from '../api/keys.ts';
import { useDocuments } from '../api/list-documents.ts';
import { useFolders } from '../api/list-folders.ts';
import { DocumentList } from '../components/document-list.tsx';
import { FolderList } from '../components/folder-list.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';

/**
 * /documentacoes-geral: the company's shared documentation, in folders. /documentacoes: my
 * documents and those shared with me (decision 0281). Both search titles and text.
 */
export default function DocumentacaoPage() {
  const { pathname } = useLocation();
  const scope = pathname.startsWith('/documentacoes-geral') ? 'geral' : 'meus';
  const navigate = useNavigate();
  const [params, setParams] = useUrlParams();
  const folderId = scope === 'geral' ? (params.get('pasta') ?? undefined) : undefined;
  const [q, setQ] = useState('');
  const search = useDeferredValue(q.trim());
  const folders = useFolders();
  const docs = useDocuments({ scope, folderId, q: search || undefined });
  useLiveInvalidate('document', documentKeys.lists);
  const items = docs.data?.pages.flatMap((p) => p.items) ?? [];
  const folderName = folders.data?.find((f) => f.id === folderId)?.name;
  const create = () => navigate(`/document-creator/${crypto.randomUUID()}${folderId && folderId !== 'raiz' ? `?pasta=${folderId}` : ''}`);
  const empty = docs.isSuccess && items.length === 0 && !search;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{scope === 'geral' ? 'Documentação da empresa' : 'Meus documentos'}</h1>
          <p className="mt-1 text-sm text-slate-600">
            {scope === 'geral' ? 'Procedimentos, políticas, atas e propostas que toda a equipe consulta.' : 'Os documentos que você criou e os que compartilharam com você.'}
          </p>
        </div>
        <Button onClick={create}>
          <FilePlus2 aria-hidden /> Novo documento
        </Button>
      </div>
      <nav aria-label="Documentos" className="flex gap-1 border-b border-slate-200">
        {[
          ['/documentacoes-geral', 'Da empresa', scope === 'geral'],
          ['/documentacoes', 'Meus documentos', scope === 'meus'],
        ].map(([to, label, active]) => (
          <Link
            key={to as string}
            to={to as string}
            aria-current={active ? 'page' : undefined}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${active ? 'border-[var(--color-accent)] text-[var(--color-accent)]' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
          >
            {label}
          </Link>
        ))}
      </nav>
      <div className={`grid gap-6 ${scope === 'geral' ? 'lg:grid-cols-[15rem_minmax(0,1fr)]' : ''}`}>
        {scope === 'geral' && (
          <aside>
            <FolderList folders={folders.data ?? []} selected={folderId} onSelect={(id) => setParams(id ? { pasta: id } : {})} />
          </aside>
        )}
        <div className="grid content-start gap-4">
          <div className="relative">
            <Search className="pointer-events-none absolute top-3 left-3 size-4 text-slate-500" aria-hidden />
            <Input type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Buscar no título e no texto" aria-label="Buscar documentos" className="pl-9" />
          </div>
          {folderName && <p className="text-sm text-slate-600">Pasta: <strong className="text-slate-900">{folderName}</strong></p>}
          {docs.isPending && <Spinner />}
          {docs.isError && <p role="alert" className="text-sm text-red-700">Não foi possível carregar os documentos. {docs.error.message}</p>}
          {empty && (
            <EmptyState
              icon={FileText}
              title={scope === 'geral' ? 'A documentação da empresa começa aqui' : 'Nenhum documento seu ainda'}
              description="Escreva procedimentos, políticas, atas e propostas em um editor completo, com histórico de versões, e encontre tudo pela busca."
              action={
                <Button onClick={create}>
                  <FilePlus2 aria-hidden /> Criar o primeiro documento
                </Button>
              }
            />
          )}
          {docs.isSuccess && items.length === 0 && search && <p className="py-8 text-center text-sm text-slate-600">Nenhum documento com “{search}”.</p>}
          <DocumentList items={items} />
          {docs.hasNextPage && (
            <Button variant="secondary" className="justify-self-center" pending={docs.isFetchingNextPage} onClick={() => docs.fetchNextPage()}>
              Carregar mais
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
