import { CircleCheck, CircleX, LinkIcon, Repeat } from 'lucide-react';
import { useParams } from 'react-router';
import type { PublicPayment } from '@sede/shared/finance/pix';
import { day, money } from '@sede/shared/format';
import { FocusCard } from '../../../components/ui/focus-card.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePublicPayment } from '../api/payment.ts';
import { BoletoCode } from '../components/boleto-code.tsx';
import { PixCode } from '../components/pix-code.tsx';

/**
 * /pagar/:token — a receivable's payment page (decision 0532): who charges, what, how much, until
 * when, and the Pix to pay it. Nothing else of the company. A dead link says so in Portuguese.
 */
export default function PaymentPage() {
  const { token = '' } = useParams();
  const payment = usePublicPayment(token);
  return (
    <FocusCard>
      {payment.isPending ? (
        <p className="text-sm text-slate-700" role="status">
          Carregando a cobrança…
        </p>
      ) : payment.isError ? (
        <DeadLink error={payment.error} />
      ) : (
        <Payment payment={payment.data} />
      )}
    </FocusCard>
  );
}

function DeadLink({ error }: { error: Error }) {
  const known = error instanceof ApiError && [404, 429].includes(error.status);
  return (
    <div className="grid justify-items-start gap-3">
      <span className="flex size-10 items-center justify-center rounded-full bg-slate-100 text-slate-700">
        <LinkIcon className="size-5" aria-hidden />
      </span>
      <h1 className="text-xl font-semibold text-slate-900">Link de pagamento indisponível</h1>
      <p role="alert" className="text-sm text-red-700" data-testid="payment-error">
        {known ? error.message : 'Não foi possível abrir esta cobrança agora. Tente de novo em instantes.'}
      </p>
      <p className="text-sm text-slate-700">Se ainda precisa pagar, peça um novo link a quem enviou a cobrança.</p>
    </div>
  );
}

function Payment({ payment: p }: { payment: PublicPayment }) {
  const initial = p.companyName.trim().charAt(0).toUpperCase() || '?';
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <div className="flex items-center gap-3">
        <span aria-hidden className="flex size-11 shrink-0 items-center justify-center rounded-full bg-[var(--color-accent)] text-lg font-semibold text-white">
          {initial}
        </span>
        <div className="min-w-0">
          <p className="text-xs text-slate-600">Cobrança de</p>
          <h1 className="text-lg font-semibold break-words text-slate-900">{p.companyName}</h1>
        </div>
      </div>
      <div className="grid gap-1 rounded-xl bg-slate-50 p-4">
        <p className="text-sm break-words text-slate-700">{p.description}</p>
        <p className="text-3xl font-semibold tabular-nums text-slate-900" data-testid="payment-amount">
          {money(p.amountCents)}
        </p>
        <p className="text-sm text-slate-700">Vencimento: {day(p.dueDate)}</p>
      </div>
      {p.status === 'paid' ? (
        <p className="flex items-center gap-2 rounded-lg bg-emerald-50 p-3 text-sm font-medium text-emerald-800" role="status">
          <CircleCheck className="size-5" aria-hidden /> Pagamento recebido. Obrigado!
        </p>
      ) : p.status === 'cancelled' ? (
        <p className="flex items-center gap-2 rounded-lg bg-slate-100 p-3 text-sm font-medium text-slate-700" role="status">
          <CircleX className="size-5" aria-hidden /> Esta cobrança foi cancelada.
        </p>
      ) : (
        <>
          {p.brCode && p.qrSvg && <PixCode brCode={p.brCode} qrSvg={p.qrSvg} />}
          <p className="text-xs text-slate-600">Abra o app do seu banco, escolha Pix e leia o QR code ou cole o código. O valor já vem preenchido.</p>
          {(p.boletoUrl || p.boletoLine) && <BoletoCode url={p.boletoUrl} line={p.boletoLine} />}
          {p.automatic && <AutomaticAuthorisation automatic={p.automatic} company={p.companyName} />}
        </>
      )}
    </div>
  );
}

/** How often, in the payer's words (kept here: the page's script stays free of the schemas). */
const EVERY: Record<NonNullable<PublicPayment['automatic']>['periodicity'], string> = { SEMANAL: 'semanal', MENSAL: 'mensal', TRIMESTRAL: 'trimestral', SEMESTRAL: 'semestral', ANUAL: 'anual' };

/** Pix Automático offered by QR (Jornada 2, decision 0610): authorised once, each occurrence is then debited on its due date. */
function AutomaticAuthorisation({ automatic: a, company }: { automatic: NonNullable<PublicPayment['automatic']>; company: string }) {
  return (
    <section aria-labelledby="pix-automatic-title" className="grid gap-3 border-t border-slate-200 pt-5" data-testid="payment-automatic">
      <h2 id="pix-automatic-title" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <Repeat className="size-5 text-[var(--color-accent)]" aria-hidden /> Pague as próximas no Pix Automático
      </h2>
      <p className="text-sm text-slate-700">
        Autorize uma vez a cobrança {EVERY[a.periodicity]}
        {a.amountCents !== null ? ` de ${money(a.amountCents)}` : ''} de {company}
        {a.endDate ? ` até ${day(a.endDate)}` : ''}: cada parcela é debitada no vencimento, sem boleto nem código. Você pode cancelar no app do banco quando quiser.
      </p>
      <PixCode brCode={a.brCode} qrSvg={a.qrSvg} />
    </section>
  );
}
