import { useParams } from 'react-router';
import { can, grantsFor } from '@sede/shared/registry/permissions';
import { DetailHeader } from '../../../components/ui/detail-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { useClientOptions } from '../api/clients.ts';
import { marketingKeys } from '../api/keys.ts';
import { ClientUnavailable } from '../components/clients/client-unavailable.tsx';
import { ClientOptionsForm } from '../components/clients/client-options-form.tsx';

/** /marketing/empresa/:id/opcoes — archive, who sees it, approval by a client contact, delete. */
export default function ClientOptionsPage() {
  const { id = '' } = useParams();
  const { membership, user } = useAuth();
  const grants = grantsFor(membership);
  const options = useClientOptions(id);
  useLiveInvalidate('marketing_client', marketingKeys.clientOptions(id));
  if (options.isPending) return <Spinner label="Carregando as opções" />;
  if (options.isError) return <ClientUnavailable error={options.error} failed="Não foi possível abrir as opções" />;
  const o = options.data;
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-4">
      <DetailHeader back={{ to: `/marketing/empresa/${o.id}`, label: 'Voltar à empresa cliente' }} title={<span data-testid="options-client-name">{o.name}</span>} />
      <ClientOptionsForm options={o} canEdit={can(grants, 'marketing.write')} canDelete={can(grants, 'marketing.delete')} myId={user?.id} />
    </div>
  );
}
