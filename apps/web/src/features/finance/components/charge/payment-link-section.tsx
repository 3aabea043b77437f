import type { EntryCharge } from '@sede/shared/finance/pix';
import { dateTime } from '@sede/shared/format';
import { Copy, Link2, RefreshCw, X } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { copyWithToast } from '../../../../lib/clipboard.ts';

/** The receivable's public payment link: copy it, replace it with a new one, or cancel it. */
export function PaymentLinkSection({ link, pending, onCreate, onRevoke }: { link: EntryCharge['link']; pending: string | null; onCreate: () => void; onRevoke: () => void }) {
  const copy = (url: string) => copyWithToast(url, 'Link copiado. Quem tiver o link vê a cobrança e o Pix, sem criar conta.', 'Selecione o link e copie.');
  return (
    <section className="grid gap-2" aria-labelledby="payment-link-title">
      <h3 id="payment-link-title" className="text-sm font-medium text-slate-900">
        Link de pagamento
      </h3>
      {link ? (
        <>
          <input readOnly value={link.url} aria-label="Link de pagamento" onFocus={(e) => e.currentTarget.select()} className="h-10 w-full rounded-lg border border-slate-300 bg-slate-50 px-2 font-mono text-xs text-slate-800" data-testid="payment-link" />
          <p className="text-xs text-slate-600">Gerado em {dateTime(link.createdAt)}. Um link novo substitui este.</p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => copy(link.url)}>
              <Copy aria-hidden /> Copiar link
            </Button>
            <Button size="sm" variant="secondary" onClick={onCreate} pending={pending === 'link'}>
              <RefreshCw aria-hidden /> Gerar novo link
            </Button>
            <Button size="sm" variant="ghost" onClick={onRevoke} pending={pending === 'revoke'}>
              <X aria-hidden /> Cancelar link
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-700">Uma página com o QR code e o copia e cola para mandar ao cliente por WhatsApp ou e-mail.</p>
          <Button size="sm" variant="secondary" onClick={onCreate} pending={pending === 'link'} className="justify-self-start">
            <Link2 aria-hidden /> Gerar link de pagamento
          </Button>
        </>
      )}
    </section>
  );
}
