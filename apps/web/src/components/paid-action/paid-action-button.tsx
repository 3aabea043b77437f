import { Coins } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { AI_NOT_CONFIGURED_HINT } from '@sede/shared/platform/ai';
import {
  CONFIRM_THRESHOLD_COINS,
  coinsLabel,
  PAID_ACTION_MESSAGES,
  PRICES,
  paidActionButtonLabel,
  priceOf,
  type PaidAction,
  type PriceEntry,
} from '@sede/shared/platform/prices';
import { ApiError } from '../../lib/api-client.ts';
import { useAiStatus } from '../../lib/ai-api.ts';
import { useAiKey } from '../../lib/ai-key.ts';
import { cn } from '../../lib/cn.ts';
import { Button, type ButtonProps } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';

export type PaidActionRunResult = { charged: number; balance: number };

type Props = {
  action: PaidAction;
  quantity?: number;
  /** The button's verb instead of the price table's ('Analisar'). */
  verb?: string;
  /** The company's balance (from the session); null while unknown. */
  balance: number | null | undefined;
  /** Calls the server's paid endpoint; the server charges, never the client. */
  run: () => Promise<PaidActionRunResult>;
  onDone?: (r: PaidActionRunResult) => void;
  /** The toast after `run` when the work goes on in a job (charged when it succeeds), instead of 'concluído'. */
  successMessage?: string;
  variant?: ButtonProps['variant'];
  className?: string;
};

/** The sentence a failed paid action ends with: nothing was charged (the server refunds before it answers). */
/** An idempotency key per click (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function paidActionFailureMessage(e: unknown): string {
  if (e instanceof ApiError) {
    if (e.code === 'PAID_ACTION_DUPLICATE') return e.message;
    if (e.status === 0) return `${e.message} Se a ação falhou, nenhuma moeda foi cobrada.`;
    return `${e.message} Nenhuma moeda foi cobrada.`;
  }
  return 'Não foi possível concluir a ação. Nenhuma moeda foi cobrada.';
}

/**
 * A paid action's button (decision 0123): the price before the action ('Analisar · 3 moedas'),
 * the balance after below it; disabled with a link to /comprar-moedas when the balance is short,
 * or to Meu perfil when an AI action has no AI configured; a confirmation from
 * CONFIRM_THRESHOLD_COINS coins; on failure a toast that says nothing was charged.
 */
export function PaidActionButton({ action, quantity = 1, verb, balance, run, onDone, successMessage, variant, className }: Props) {
  const entry: PriceEntry = PRICES[action];
  const ownKey = useAiKey();
  const status = useAiStatus();
  const [pending, setPending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const descriptionId = useId();

  const free = entry.ai && Boolean(ownKey);
  const price = free ? 0 : priceOf(action, quantity);
  const aiMissing = entry.ai && !ownKey && status.data?.platform === false;
  const known = typeof balance === 'number';
  const short = known && price > balance;
  const label = paidActionButtonLabel(action, quantity, { ownKey: Boolean(ownKey), verb });

  const go = async () => {
    setConfirming(false);
    setPending(true);
    try {
      const r = await run();
      toast.success(successMessage ?? (r.charged > 0 ? `${entry.label}: concluído. ${coinsLabel(r.charged)} usada${r.charged === 1 ? '' : 's'}; saldo: ${coinsLabel(r.balance)}.` : `${entry.label}: concluído.`));
      onDone?.(r);
    } catch (e) {
      toast.error(paidActionFailureMessage(e));
    } finally {
      setPending(false);
    }
  };

  let description: ReactNode;
  if (aiMissing) {
    description = (
      <>
        {AI_NOT_CONFIGURED_HINT}{' '}
        <Link to="/perfil#ia" className="font-medium text-[var(--color-accent)] underline underline-offset-2">
          Configurar em Meu perfil
        </Link>
      </>
    );
  } else if (free) {
    description = 'Usa a sua chave de IA: nenhuma moeda é cobrada.';
  } else if (short) {
    description = (
      <>
        Saldo insuficiente: esta ação custa {coinsLabel(price)} e a empresa tem {coinsLabel(balance)}.{' '}
        <Link to={PAID_ACTION_MESSAGES.buyPath} className="font-medium text-[var(--color-accent)] underline underline-offset-2">
          Comprar moedas
        </Link>
      </>
    );
  } else if (known) {
    description = `Saldo depois: ${coinsLabel(balance - price)}`;
  }

  return (
    <div className="grid max-w-full justify-items-start gap-1">
      <Button
        type="button"
        variant={variant}
        // A long label (an own key's 'sem moedas (sua chave de IA)') wraps on a phone instead of leaving the card.
        className={cn('h-auto min-h-10 max-w-full whitespace-normal py-2 text-left', className)}
        pending={pending}
        disabled={aiMissing || short}
        aria-describedby={description ? descriptionId : undefined}
        onClick={() => (price >= CONFIRM_THRESHOLD_COINS ? setConfirming(true) : void go())}
      >
        {!free && <Coins aria-hidden />}
        {label}
      </Button>
      {description && (
        <p id={descriptionId} className={short || aiMissing ? 'text-xs text-amber-800' : 'text-xs text-slate-600'} data-testid="paid-action-description">
          {description}
        </p>
      )}
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`${entry.label}?`}
        description={`Esta ação custa ${coinsLabel(price)}.${known ? ` Saldo depois: ${coinsLabel(balance - price)}.` : ''} Se ela falhar, nada é cobrado.`}
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancelar
          </Button>
          <Button onClick={() => void go()}>Confirmar · {coinsLabel(price)}</Button>
        </div>
      </Dialog>
    </div>
  );
}
