import { ArrowLeft, Building2 } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { can, grantsFor } from '@sede/shared/registry/permissions';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { useClientOptions } from '../api/clients.ts';
import { marketingKeys } from '../api/keys.ts';
import { ClientOptionsForm } from '../components/clients/client-options-form.tsx';

/** /marketing/empresa/:id/opcoes — archive, who sees it, approval by a client contact, delete. */
export default function ClientOptionsPage() {
  const { id = '' } = useParams();
  const { membership, user } = useAuth();
  const grants = grantsFor(membership);
  const options = useClientOptions(id);
  useLiveInvalidate('marketing_client', marketingKeys.clientOptions(id));
  if (options.isPending) return <Spinner label="Carregando as opções" />;
  if (options.isError) {
    return (
      <EmptyState
        icon={Building2}
        title={options.error instanceof ApiError && options.error.status === 404 ? 'Empresa cliente não encontrada' : 'Não foi possível abrir as opções'}
        description={options.error instanceof ApiError && options.error.status === 404 ? 'Ela pode ter sido excluída, ou você não está entre os membros que a veem.' : 'Tente de novo em instantes.'}
        action={
          <Button asChild variant="secondary">
            <Link to="/marketing">Voltar ao marketing</Link>
          </Button>
        }
      />
    );
  }
  const o = options.data;
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="break-words text-xl font-semibold text-slate-900" data-testid="options-client-name">
          {o.name}
        </h2>
        <Button asChild variant="ghost">
          <Link to={`/marketing/empresa/${o.id}`}>
            <ArrowLeft aria-hidden /> Voltar à empresa cliente
          </Link>
        </Button>
      </div>
      <ClientOptionsForm options={o} canEdit={can(grants, 'marketing.write')} canDelete={can(grants, 'marketing.delete')} myId={user?.id} />
    </div>
  );
}
