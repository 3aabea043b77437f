import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { dateTime } from '@sede/shared/format';
import { RECIPIENT_STATUS_LABELS, type CampaignChannel, type RecipientView } from '@sede/shared/campaigns/schemas';
import { type DataColumn, DataList, listStates } from '../../../components/ui/data-list.tsx';
import { recipientsQueryOptions } from '../api/details.ts';
import { Panel } from './panel.tsx';
import { Options } from '../../../components/ui/option-select.tsx';

type Recipient = RecipientView;

const columns = (channel: CampaignChannel): DataColumn<Recipient>[] => [
  { id: 'name', header: 'Contato', card: 'title', cell: (r) => r.name ?? '—' },
  { id: 'address', header: channel === 'whatsapp' ? 'WhatsApp' : 'E-mail', card: 'subtitle', className: 'break-all', cell: (r) => r.email },
  {
    id: 'status',
    header: 'Situação',
    cell: (r) => (
      <span title={r.error ?? undefined}>
        {RECIPIENT_STATUS_LABELS[r.status]}
        {r.error && <span className="block text-xs text-slate-500 md:hidden">{r.error}</span>}
      </span>
    ),
  },
  { id: 'sentAt', header: 'Enviado em', className: 'whitespace-nowrap', cell: (r) => dateTime(r.sentAt) },
];

/** Who the campaign went to (the first 100), filtered by their situation. */
export function RecipientsList({ campaignId, channel }: { campaignId: string; channel: CampaignChannel }) {
  const [status, setStatus] = useState('');
  const recipients = useQuery(recipientsQueryOptions(campaignId, status));
  return (
    <Panel
      title="Destinatários"
      actions={
        <label className="flex items-center gap-2 text-sm text-slate-700">
          Situação
          <select className="h-9 rounded-[var(--radius-ui)] border border-slate-300 bg-white px-2 text-sm" value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">Todas</option>
            <Options options={Object.entries(RECIPIENT_STATUS_LABELS).map(([value, label]) => ({ value, label }))} />
          </select>
        </label>
      }
    >
      <DataList label="Destinatários da campanha" rows={recipients.data?.items ?? []} columns={columns(channel)} query={recipients} filtered={!!status} states={listStates(Users, 'os destinatários', {
        title: 'Nenhum destinatário',
        description: 'A campanha não tinha contatos que pudessem receber.',
      }, 'Nenhum destinatário nesta situação.')} />
    </Panel>
  );
}
