import { Settings } from 'lucide-react';
import { cnpj } from '@sede/shared/format';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { OWN_CLIENT_SLUG } from '@sede/shared/marketing/clients';
import { can, grantsFor } from '@sede/shared/registry/permissions';
import { Button } from '../../../components/ui/button.tsx';
import { DetailHeader } from '../../../components/ui/detail-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { useClient } from '../api/clients.ts';
import { marketingKeys } from '../api/keys.ts';
import { CampaignsPanel } from '../components/campaigns/campaigns-panel.tsx';
import { BrandKitForm } from '../components/clients/brand-kit-form.tsx';
import { ChannelsForm } from '../components/clients/channels-form.tsx';
import { ClientUnavailable } from '../components/clients/client-unavailable.tsx';
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
  if (client.isError) return <ClientUnavailable error={client.error} failed="Não foi possível abrir a empresa cliente" />;
  const c = client.data;
  const org = c.organization;
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex items-center gap-4">
        <ClientLogo name={c.name} logoFileId={c.logoFileId} className="size-16 shrink-0" />
        <div className="min-w-0 flex-1">
          <DetailHeader
            title={<span data-testid="client-name">{c.name}</span>}
            subtitle={c.isOwn ? 'A própria empresa' : [org?.razaoSocial !== c.name ? org?.razaoSocial : null, org?.cnpj ? `CNPJ ${cnpj(org.cnpj)}` : null].filter(Boolean).join(' · ') || 'Empresa cliente'}
            badges={
              <>
                {c.archived && <Badge className="bg-slate-200 text-slate-800">Arquivada</Badge>}
                {c.clientApproval && <Badge className="bg-violet-100 text-violet-900">Aprovação pelo cliente</Badge>}
                {c.visibility === 'members' && <Badge className="bg-amber-100 text-amber-900">Visível só para membros escolhidos</Badge>}
              </>
            }
            actions={
              <Button asChild variant="secondary">
                <Link to={`/marketing/empresa/${c.id}/opcoes`}>
                  <Settings aria-hidden /> Opções
                </Link>
              </Button>
            }
          />
        </div>
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

const Badge = ({ className, children }: { className: string; children: string }) => <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${className}`}>{children}</span>;
