import { useQuery } from '@tanstack/react-query';
import { FileText, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { crmQuoteKeys, listQuotes } from '../../../../components/crm-quotes/api.ts';
import { QuoteDialog } from '../../../../components/crm-quotes/quote-dialog.tsx';
import { QuoteList } from '../../../../components/crm-quotes/quote-list.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { SaleBilling } from '../../../finance-billing/public.ts';

/** The deal's quotes (orçamentos) in its side panel: list, new/edit, PDF, send, accept/refuse. */
export function DealQuotesSection({ dealId }: { dealId: string }) {
  const headingId = useId();
  const [creating, setCreating] = useState(false);
  const quotes = useQuery({ queryKey: crmQuoteKeys.quotes({ dealId }), queryFn: () => listQuotes({ dealId }) });
  return (
    <section aria-labelledby={headingId} className="grid gap-3" data-testid="deal-quotes">
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <FileText className="size-4 text-[var(--color-accent)]" aria-hidden /> Orçamentos
        </h3>
        <Button size="sm" variant="secondary" onClick={() => setCreating(true)}>
          <Plus aria-hidden /> Novo orçamento
        </Button>
      </div>
      {quotes.isError && (
        <p role="alert" className="text-sm text-red-700">
          Não foi possível carregar os orçamentos.
        </p>
      )}
      {quotes.isSuccess && quotes.data.items.length === 0 && <p className="text-sm text-slate-600">Nenhum orçamento ainda. Crie um com os produtos do catálogo e envie o PDF ao cliente.</p>}
      {quotes.isSuccess && quotes.data.items.length > 0 && <QuoteList quotes={quotes.data.items} extraActions={(q) => q.status === 'aceito' && <SaleBilling type="quote" id={q.id} compact />} />}
      <QuoteDialog open={creating} onOpenChange={setCreating} dealId={dealId} />
    </section>
  );
}
