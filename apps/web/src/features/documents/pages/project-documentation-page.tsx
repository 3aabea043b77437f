import { ArrowLeft, FilePlus2, FileText, Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { useDocumentsProject } from '../api/get-project.ts';
import { documentKeys } from '../api/keys.ts';
import { useDocuments } from '../api/list-documents.ts';
import { DocumentList } from '../components/document-list.tsx';

/** /documentacao-projeto/:projectId: the project's documents, written in the same editor (decision 0285). */
export default function ProjectDocumentationPage() {
  const { projectId = '' } = useParams();
  const navigate = useNavigate();
  const project = useDocumentsProject(projectId);
  const [q, setQ] = useState('');
  const search = useDeferredValue(q.trim());
  const docs = useDocuments({ scope: 'geral', projectId, q: search || undefined });
  useLiveInvalidate('document', documentKeys.lists);
  if (project.isPending) return <Spinner />;
  if (project.isError)
    return (
      <EmptyState
        icon={FileText}
        title={project.error instanceof ApiError && project.error.status === 404 ? 'Projeto não encontrado' : 'Não foi possível abrir o projeto'}
        description="Confira o endereço ou volte à lista de projetos."
        action={
          <Button asChild variant="secondary">
            <Link to="/gestao-projetos">Ver os projetos</Link>
          </Button>
        }
      />
    );
  const items = docs.data?.pages.flatMap((p) => p.items) ?? [];
  const create = () => navigate(`/document-creator/${crypto.randomUUID()}?projeto=${projectId}`);
  return (
    <div className="grid gap-6">
      <Button asChild variant="link" className="w-fit">
        <Link to={`/projeto-kanban/${projectId}`}>
          <ArrowLeft aria-hidden /> Quadro do projeto
        </Link>
      </Button>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Documentação do projeto</h1>
          <p className="mt-1 text-sm text-slate-600">{project.data.name}</p>
        </div>
        <Button onClick={create}>
          <FilePlus2 aria-hidden /> Novo documento
        </Button>
      </div>
      <div className="relative">
        <Search className="pointer-events-none absolute top-3 left-3 size-4 text-slate-500" aria-hidden />
        <Input type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Buscar nos documentos do projeto" aria-label="Buscar documentos do projeto" className="pl-9" />
      </div>
      {docs.isPending && <Spinner />}
      {docs.isSuccess && items.length === 0 && !search && (
        <EmptyState
          icon={FileText}
          title="Nenhum documento do projeto ainda"
          description="Escopo, atas das reuniões com o cliente, decisões e procedimentos: tudo junto do quadro, com histórico de versões."
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
  );
}
