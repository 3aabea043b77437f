
import { Link, useLocation, useNavigate } from 'react-router';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { documentKeys } from '../api/keys.ts';
import { useFolders } from '../api/list-folders.ts';
import { DocumentBrowser, DocumentsHeading } from '../components/document-list.tsx';
import { FolderList } from '../components/folder-list.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';

/**
 * /documentacoes-geral: the company's shared documentation, in folders. /documentacoes: my
 * documents and those shared with me (decision 0281). Both search titles and text.
 */
export default function DocumentsPage() {
  const { pathname } = useLocation();
  const scope = pathname.startsWith('/documentacoes-geral') ? 'geral' : 'meus';
  const navigate = useNavigate();
  const [params, setParams] = useUrlParams();
  const folderId = scope === 'geral' ? (params.get('pasta') ?? undefined) : undefined;
  const folders = useFolders();
  useLiveInvalidate('document', documentKeys.lists);
  const folderName = folders.data?.find((f) => f.id === folderId)?.name;
  const create = () => navigate(`/document-creator/${crypto.randomUUID()}${folderId && folderId !== 'raiz' ? `?pasta=${folderId}` : ''}`);
  return (
    <div className="grid gap-6">
      <DocumentsHeading
        title={scope === 'geral' ? 'Documentação da empresa' : 'Meus documentos'}
        description={scope === 'geral' ? 'Procedimentos, políticas, atas e propostas que toda a equipe consulta.' : 'Os documentos que você criou e os que compartilharam com você.'}
        onCreate={create}
      />
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
          {folderName && (
            <p className="text-sm text-slate-600">
              Pasta: <strong className="text-slate-900">{folderName}</strong>
            </p>
          )}
          <DocumentBrowser
            key={`${scope}:${folderId ?? ''}`}
            filters={{ scope, folderId }}
            searchLabel="Buscar documentos"
            placeholder="Buscar no título e no texto"
            empty={{
              title: scope === 'geral' ? 'A documentação da empresa começa aqui' : 'Nenhum documento seu ainda',
              description: 'Escreva procedimentos, políticas, atas e propostas em um editor completo, com histórico de versões, e encontre tudo pela busca.',
            }}
            onCreate={create}
          />
        </div>
      </div>
    </div>
  );
}
