import { useQuery } from '@tanstack/react-query';
import { FileText, } from 'lucide-react';
import { useState } from 'react';
import { QUOTE_STATUS_LABELS, QUOTE_STATUSES, type QuoteStatus } from '@sede/shared/crm/quotes';
import { crmQuoteKeys, listQuotes } from '../../../components/crm-quotes/api.ts';
import { QuoteDialog } from '../../../components/crm-quotes/quote-dialog.tsx';
import { QuoteList } from '../../../components/crm-quotes/quote-list.tsx';
import { optionsOf } from '../../../components/ui/filter-bar.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { OptionSelect } from '../../../components/ui/option-select.tsx';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { AddButton } from '../../../components/ui/add-button.tsx';
import { SaleBilling } from '../../finance-billing/public.ts';
import { ListToolbar } from './list-toolbar.tsx';

/** Orçamentos: every quote of the company, filtered by status. */
export function QuotesTab() {
  const [status, setStatus] = useState<QuoteStatus | ''>('');
  const [creating, setCreating] = useState(false);
  const filter = status ? { status } : {};
  const quotes = useQuery({ queryKey: crmQuoteKeys.quotes(filter), queryFn: () => listQuotes(filter) });
  useLiveInvalidate('deal', crmQuoteKeys.all);
  const items = quotes.data?.items ?? [];
  const empty = quotes.isSuccess && items.length === 0 && !status;
  return (
    <div className="grid grid-cols-1 gap-4">
      <ListToolbar firstUse={empty} align="end" addLabel="Novo orçamento" onAdd={() => setCreating(true)}>
        <div className="grid gap-1.5 sm:w-60">
          <Label htmlFor="quote-status-filter">Situação</Label>
          <OptionSelect
            id="quote-status-filter"
            options={optionsOf(QUOTE_STATUSES, QUOTE_STATUS_LABELS)}
            none="Todas"
            value={status}
            onChange={(e) => setStatus(e.target.value as QuoteStatus | '')}
          />
        </div>
      </ListToolbar>
      <QuoteList
        quotes={items}
        showDeal
        query={quotes}
        extraActions={(q) => q.status === 'aceito' && <SaleBilling type="quote" id={q.id} compact />}
        filtered={Boolean(status)}
        states={{
          icon: FileText,
          loading: 'Carregando orçamentos…',
          failed: 'Não foi possível carregar os orçamentos',
          noMatch: status ? `Nenhum orçamento com a situação “${QUOTE_STATUS_LABELS[status]}”.` : 'Nenhum orçamento.',
          empty: {
            title: 'Nenhum orçamento ainda',
            description: 'Monte orçamentos para os negócios do funil, com itens do catálogo, descontos e validade; envie o PDF por e-mail e acompanhe quem aceitou.',
            action: <AddButton onClick={() => setCreating(true)}>Criar o primeiro orçamento</AddButton>,
          },
        }}
      />
      <QuoteDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
