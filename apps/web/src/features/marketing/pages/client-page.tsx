import { Building2, Settings } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { OWN_CLIENT_SLUG } from '@sede/shared/marketing/clients';
import { can, grantsFor } from '@sede/shared/registry/permissions';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { useClient } from '../api/clients.ts';
import { marketingKeys } from '../api/keys.ts';
import { CampaignsPanel } from '../components/campaigns/campaigns-panel.tsx';
import { BrandKitForm } from '../components/clients/brand-kit-form.tsx';
import { ChannelsForm } from '../components/clients/channels-form.tsx';
import { ClientLogo } from '../components/clients/client-logo.tsx';
import { ClientSections, ClientSummary } from '../components/clients/client-summary.tsx';
import { ContactsCard } from '../components/clients/contacts-card.tsx';

/** /marketing/empresa/:id — a client the team serves (its id, or `propria`; decision 0320). */
export default function ClientPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { membership } = useAuth();
  const canEdit = can(grantsFor(membership), 'marketing.write');
  const client = useClient(id);
  useLiveInvalidate('marketing_client', marketingKeys.client(id));
  useLiveInvalidate('marketing_piece', marketingKeys.pieces);
  // `propria` becomes the client's id in the address, so every link and cache uses one key.
  useEffect(() => {
    if (id === OWN_CLIENT_SLUG && client.data) void navigate(`/marketing/empresa/${client.data.id}`, { replace: true });
  }, [id, client.data, navigate]);

  if (client.isPending) return <Spinner label="Carregando a empresa cliente" />;
  if (client.isError) {
    return (
      <EmptyState
        icon={Building2}
        title={client.error instanceof ApiError && client.error.status === 404 ? 'Empresa cliente não encontrada' : 'Não foi possível abrir a empresa cliente'}
        description={client.error instanceof ApiError && client.error.status === 404 ? 'Ela pode ter sido excluída, ou você não está entre os membros que a veem.' : 'Tente de novo em instantes.'}
        action={
          <Button asChild variant="secondary">
            <Link to="/marketing">Voltar ao marketing</Link>
          </Button>
        }
      />
    );
  }
  const c = client.data;
  const org = c.organization;
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center gap-4">
        <ClientLogo name={c.name} logoFileId={c.logoFileId} className="size-16" />
        <div className="min-w-0 flex-1">
          <h2 className="break-words text-xl font-semibold text-slate-900" data-testid="client-name">
            {c.name}
          </h2>
          <p className="text-sm text-slate-600">
            {c.isOwn ? 'A própria empresa' : [org?.razaoSocial !== c.name ? org?.razaoSocial : null, org?.cnpj ? `CNPJ ${org.cnpj.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5')}` : null].filter(Boolean).join(' · ') || 'Empresa cliente'}
          </p>
          <div className="mt-1 flex flex-wrap gap-2 text-xs">
            {c.archived && <span className="rounded-full bg-slate-200 px-2 py-0.5 font-medium text-slate-800">Arquivada</span>}
            {c.clientApproval && <span className="rounded-full bg-violet-100 px-2 py-0.5 font-medium text-violet-900">Aprovação pelo cliente</span>}
            {c.visibility === 'members' && <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900">Visível só para membros escolhidos</span>}
          </div>
        </div>
        <Button asChild variant="secondary">
          <Link to={`/marketing/empresa/${c.id}/opcoes`}>
            <Settings aria-hidden /> Opções
          </Link>
        </Button>
      </div>
      <ClientSections clientId={c.id} />
      <div className="grid items-start gap-4 xl:grid-cols-2">
        <ClientSummary clientId={c.id} />
        <CampaignsPanel clientId={c.id} />
      </div>
      <div className="grid items-start gap-4 xl:grid-cols-2">
        <BrandKitForm client={c} canEdit={canEdit} />
        <div className="grid content-start gap-4">
          <ChannelsForm client={c} canEdit={canEdit} />
          <ContactsCard client={c} canEdit={canEdit} />
        </div>
      </div>
    </div>
  );
}
