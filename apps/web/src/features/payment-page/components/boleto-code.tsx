import { formatBoletoLine } from '@sede/shared/finance/boleto';
import { FileDown } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { CopyField } from './copy-field.tsx';

/** The receivable's boleto on the payment page (decision 0571): 'Baixar boleto' and the linha digitável to copy. */
export function BoletoCode({ url, line }: { url: string | null; line: string | null }) {
  return (
    <section className="grid gap-3 border-t border-slate-200 pt-4" aria-labelledby="boleto-heading" data-testid="payment-boleto">
      <h2 id="boleto-heading" className="text-sm font-semibold text-slate-900">
        Prefere boleto?
      </h2>
      {line && <CopyField label="Linha digitável" value={line} shown={formatBoletoLine(line)} copyLabel="Copiar linha" done="Linha digitável copiada. Cole no app do banco, em pagar boleto." testId="payment-boleto-line" wrap />}
      {url && (
        <Button asChild variant="secondary">
          <a href={url} target="_blank" rel="noopener noreferrer">
            <FileDown aria-hidden /> Baixar boleto
          </a>
        </Button>
      )}
    </section>
  );
}
