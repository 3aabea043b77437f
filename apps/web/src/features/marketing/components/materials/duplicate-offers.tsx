import { Copy } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';

/** An upload the library already holds (same content, decision 0393): the file kept for 'Manter os dois'. */
export type DuplicateOffer = { key: string; file: File; message: string; retry: () => Promise<void> };

/** The repeated files of an upload, each with 'Manter os dois' (sent again, kept) or 'Pular' (nothing stored). */
export function DuplicateOffers({ offers, onKeep, onSkip }: { offers: DuplicateOffer[]; onKeep: (offer: DuplicateOffer) => void; onSkip: (offer: DuplicateOffer) => void }) {
  if (!offers.length) return null;
  return (
    <section aria-label="Arquivos repetidos" className="grid gap-2">
      <ul className="grid gap-2">
        {offers.map((o) => (
          <li key={o.key} className="grid gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950 sm:flex sm:items-center" data-testid="duplicate-offer">
            <Copy className="hidden size-4 shrink-0 sm:block" aria-hidden />
            <span className="min-w-0 flex-1">
              <strong className="break-all font-medium">{o.file.name}</strong>: {o.message}
            </span>
            <span className="flex shrink-0 gap-2">
              <Button size="sm" variant="secondary" onClick={() => onKeep(o)} aria-label={`Manter os dois: enviar ${o.file.name} mesmo assim`}>
                Manter os dois
              </Button>
              <Button size="sm" variant="ghost" onClick={() => onSkip(o)} aria-label={`Pular ${o.file.name}`}>
                Pular
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
