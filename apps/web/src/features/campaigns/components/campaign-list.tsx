import { Mail, Trash2 } from 'lucide-react';
import { count, dateTime } from '@sede/shared/format';
import { CAMPAIGN_STATUS_LABELS, type CampaignView } from '@sede/shared/campaigns/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { type DataColumn, DataList, listStates } from '../../../components/ui/data-list.tsx';
import { AddButton } from '../../../components/ui/add-button.tsx';

type Query = { isPending: boolean; isError: boolean; error: unknown; data?: CampaignView[] };

const rate = (n: number, of: number) => (of ? `${Math.round((n / of) * 100)}%` : '—');

const columns = (onOpen: (id: string) => void, onDelete: (c: CampaignView) => void): DataColumn<CampaignView>[] => [
  {
    id: 'name',
    header: 'Campanha',
    card: 'title',
    cell: (c) => (
      <button type="button" className="text-left font-medium text-[var(--color-accent)] underline-offset-4 hover:underline" onClick={() => onOpen(c.id)}>
        {c.name}
      </button>
    ),
  },
  { id: 'status', header: 'Situação', card: 'badge', cell: (c) => CAMPAIGN_STATUS_LABELS[c.status] },
  { id: 'audience', header: 'Público', card: 'subtitle', cell: (c) => c.audienceName ?? '—' },
  { id: 'sent', header: 'Enviados', align: 'right', cell: (c) => count(c.counts.sent) },
  { id: 'opened', header: 'Abertura', align: 'right', cell: (c) => rate(c.counts.opened, c.counts.sent) },
  { id: 'clicked', header: 'Cliques', align: 'right', cell: (c) => count(c.counts.clicked) },
  { id: 'replied', header: 'Respostas', align: 'right', cell: (c) => count(c.counts.replied) },
  { id: 'createdAt', header: 'Criada em', className: 'whitespace-nowrap', cell: (c) => dateTime(c.createdAt) },
  {
    id: 'actions',
    header: 'Ações',
    headerHidden: true,
    align: 'right',
    // As before the kit: a phone's card only opens the campaign; deleting is on the wide table.
    card: 'hidden',
    cell: (c) =>
      c.status !== 'sending' && (
        <Button variant="ghost" size="icon" aria-label={`Excluir ${c.name}`} onClick={() => onDelete(c)}>
          <Trash2 aria-hidden />
        </Button>
      ),
  },
];

/** The company's campaigns: a table on wide screens, cards on phones, with their numbers. */
export function CampaignList({ query, onOpen, onDelete, onCreate }: { query: Query; onOpen: (id: string) => void; onDelete: (c: CampaignView) => void; onCreate: () => void }) {
  return (
    <DataList label="Campanhas" rows={query.data ?? []} columns={columns(onOpen, onDelete)} query={query} states={listStates(Mail, 'as campanhas', {
      title: 'Nenhuma campanha ainda',
      description: 'Escreva um e-mail, escolha uma lista ou um segmento de contatos e envie agora ou agende. Só recebem contatos com base legal e sem descadastro.',
      action: <AddButton onClick={onCreate}>Criar a primeira campanha</AddButton>,
    })} />
  );
}
