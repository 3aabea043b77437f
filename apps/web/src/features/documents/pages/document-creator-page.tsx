import { useQuery } from '@tanstack/react-query';
import { FilePlus2, FileText } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, api } from '../../../lib/api-client.ts';
import { createDocument } from '../api/create-document.ts';
import { documentKeys } from '../api/keys.ts';
import { AiDraftCard } from '../components/ai-draft-card.tsx';
import { TEMPLATES } from '../lib/templates.ts';
import { useUrlParams } from '../../../lib/url-params.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /document-creator/:documentId (decision 0282): the id is made by the page that sends the person
 * here (a new UUID), so choosing a template twice never creates two documents; an id that already
 * is one of the person's documents opens it in the editor.
 */
export default function DocumentCreatorPage() {
  const { documentId = '' } = useParams();
  const [params] = useUrlParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const valid = UUID.test(documentId);
  const existing = useQuery({
    queryKey: documentKeys.one(documentId),
    queryFn: () => api(`/documents/${documentId}`),
    enabled: valid,
    retry: false,
  });
  if (!valid)
    return (
      <EmptyState
        icon={FileText}
        title="Endereço de documento inválido"
        description="Comece um documento novo a partir da lista de documentos."
        action={
          <Button onClick={() => navigate(`/document-creator/${crypto.randomUUID()}`, { replace: true })}>
            <FilePlus2 aria-hidden /> Começar um documento
          </Button>
        }
      />
    );
  if (existing.isPending) return <Spinner />;
  if (existing.isSuccess) {
    navigate(`/document-editor/${documentId}`, { replace: true });
    return null;
  }
  const folderId = params.get('pasta');
  const projectId = params.get('projeto');
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Novo documento</h1>
        <p className="mt-1 text-sm text-slate-600">Escolha um modelo para começar com as seções certas, ou um documento em branco.</p>
      </div>
      {error && <FormAlert title={error} />}
      <AiDraftCard documentId={documentId} folderId={params.get('pasta')} projectId={params.get('projeto')} template={null} onCreated={() => navigate(`/document-editor/${documentId}`, { replace: true })} />
      <h2 className="text-base font-semibold text-slate-900">Ou comece de um modelo</h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {TEMPLATES.map((t) => (
          <li key={t.key}>
            <button
              type="button"
              disabled={!!busy}
              onClick={async () => {
                setBusy(t.key);
                setError(null);
                try {
                  await createDocument({ id: documentId, title: t.key === 'branco' ? 'Documento sem título' : t.title, folderId, projectId, content: t.content });
                  navigate(`/document-editor/${documentId}`, { replace: true });
                } catch (e) {
                  setError(e instanceof ApiError ? e.message : 'Não foi possível criar o documento.');
                  setBusy(null);
                }
              }}
              className="grid h-full w-full gap-1 rounded-xl border border-slate-200 bg-white p-4 text-left transition-colors hover:border-[var(--color-accent)] focus-visible:outline-2 focus-visible:outline-[var(--color-accent)] disabled:opacity-60"
            >
              <span className="flex items-center gap-2 font-medium text-slate-900">
                <FileText className="size-4 text-[var(--color-accent)]" aria-hidden /> {t.title}
              </span>
              <span className="text-sm text-slate-600">{busy === t.key ? 'Criando…' : t.description}</span>
            </button>
          </li>
        ))}
      </ul>
      <Link to="/documentacoes-geral" className="text-sm text-[var(--color-accent)] underline">
        Voltar aos documentos
      </Link>
    </div>
  );
}
