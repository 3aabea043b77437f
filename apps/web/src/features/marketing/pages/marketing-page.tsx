import { Megaphone, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { month as monthName } from '@sede/shared/format';
import { can, grantsFor } from '@sede/shared/registry/permissions';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { NeedsCompany } from '../../../components/ui/needs-company.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { useClients } from '../api/clients.ts';
import { marketingKeys } from '../api/keys.ts';
import { thisMonth, useMonthPieces, usePendingApprovals, useWeekPieces } from '../api/overview.ts';
import { usePieces } from '../api/pieces.ts';
import { CampaignsPanel } from '../components/campaigns/campaigns-panel.tsx';
import { ClientCards } from '../components/clients/client-cards.tsx';
import { RecentMaterials } from '../components/materials/recent-materials.tsx';
import { NewClientDialog } from '../components/clients/new-client-dialog.tsx';
import { PendingApprovals } from '../components/overview/pending-approvals.tsx';
import { QuickLinks } from '../components/overview/quick-links.tsx';
import { StatusChart } from '../components/overview/status-chart.tsx';
import { WeekPieces } from '../components/overview/week-pieces.tsx';

/** /marketing — the area's overview: this week's pieces, pending approvals, recent materials and the clients. */
export default function MarketingPage() {
  const { company } = useAuth();
  if (company) return <Overview />;
  // The default permissions open the marketing pages to a person without a company: it asks for one first.
  return (
    <NeedsCompany
      icon={Megaphone}
      title="Marketing: vincule sua empresa primeiro"
      description="O Marketing organiza o calendário, os criativos e os materiais das empresas que a sua equipe atende. Vincule sua empresa pelo CNPJ ou aceite o convite que você recebeu por e-mail."
    />
  );
}

function Overview() {
  const { membership } = useAuth();
  const canWrite = can(grantsFor(membership), 'marketing.write');
  const [newOpen, setNewOpen] = useState(false);
  const clients = useClients();
  const week = useWeekPieces();
  const pending = usePendingApprovals();
  const month = useMonthPieces();
  const any = usePieces({ limit: 1 });
  useLiveInvalidate('marketing_piece', marketingKeys.pieces);
  useLiveInvalidate('marketing_client', marketingKeys.clients);

  if (clients.isPending || any.isPending) return <Spinner label="Carregando o marketing" />;
  if (clients.isError) return <p role="alert" className="text-sm text-red-700">{clients.error.message}</p>;

  const list = clients.data;
  // A brand-new area: only the company itself and no piece yet.
  if (list.length <= 1 && !any.data?.pieces.length) {
    return (
      <div className="grid grid-cols-1 gap-4" data-testid="marketing-overview">
        <EmptyState
          icon={Megaphone}
          title="O marketing organiza o conteúdo de cada empresa que a equipe atende"
          description="Cadastre as empresas clientes (a própria empresa já é uma), com kit da marca, canais e contatos; planeje as peças no calendário, produza e aprove os criativos, guarde os materiais e acompanhe os resultados das campanhas."
          action={
            <div className="flex flex-wrap justify-center gap-2">
              {canWrite && (
                <Button onClick={() => setNewOpen(true)}>
                  <Plus aria-hidden /> Nova empresa cliente
                </Button>
              )}
              <Button asChild variant="secondary">
                <Link to="/marketing/calendario">Planejar a primeira peça</Link>
              </Button>
              {list[0] && (
                <Button asChild variant="ghost">
                  <Link to={`/marketing/empresa/${list[0].id}`}>Kit da marca da própria empresa</Link>
                </Button>
              )}
            </div>
          }
        />
        <QuickLinks />
        {canWrite && <NewClientDialog open={newOpen} onOpenChange={setNewOpen} />}
      </div>
    );
  }

  const { first } = thisMonth();
  return (
    <div className="grid grid-cols-1 gap-4" data-testid="marketing-overview">
      <QuickLinks />
      <WeekPieces days={week.days} pieces={week.query.data?.pieces} loading={week.query.isPending} />
      <div className="grid gap-4 lg:grid-cols-2">
        <PendingApprovals pieces={pending.data?.pieces} loading={pending.isPending} hasMore={!!pending.data?.nextCursor} />
        <StatusChart pieces={month.data?.pieces} loading={month.isPending} monthLabel={monthName(first)} />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <CampaignsPanel />
        <RecentMaterials limit={6} />
      </div>
      <ClientCards clients={list} canCreate={canWrite} />
    </div>
  );
}
