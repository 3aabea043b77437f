import { ArrowLeft, FileText } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { useDocumentsProject } from '../api/get-project.ts';
import { documentKeys } from '../api/keys.ts';
import { DocumentBrowser, DocumentsHeading } from '../components/document-list.tsx';

/** /documentacao-projeto/:projectId: the project's documents, written in the same editor (decision 0285). */
export default function ProjectDocumentationPage() {
  const { projectId = '' } = useParams();
  const navigate = useNavigate();
  const project = useDocumentsProject(projectId);
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
  const create = () => navigate(`/document-creator/${crypto.randomUUID()}?projeto=${projectId}`);
  return (
    <div className="grid gap-6">
      <Button asChild variant="link" className="w-fit">
        <Link to={`/projeto-kanban/${projectId}`}>
          <ArrowLeft aria-hidden /> Quadro do projeto
        </Link>
      </Button>
      <DocumentsHeading title="Documentação do projeto" description={project.data.name} onCreate={create} />
      <DocumentBrowser
        filters={{ scope: 'geral', projectId }}
        searchLabel="Buscar documentos do projeto"
        placeholder="Buscar nos documentos do projeto"
        empty={{ title: 'Nenhum documento do projeto ainda', description: 'Escopo, atas das reuniões com o cliente, decisões e procedimentos: tudo junto do quadro, com histórico de versões.' }}
        onCreate={create}
      />
    </div>
  );
}
