import { DealAiCard } from './extras/deal-ai-card.tsx';
import { DealQuotesSection } from './extras/deal-quotes-section.tsx';

/** What the deal side panel shows below its own sections (engineer C's part): quotes and the AI card. */
export function DealExtraSections({ dealId }: { dealId: string }) {
  return (
    <div className="grid gap-6">
      <DealQuotesSection dealId={dealId} />
      <DealAiCard dealId={dealId} />
    </div>
  );
}
