import type { StatementBalanceCheck, StatementImport } from '@sede/shared/finance/statements-schemas';
import { day } from '@sede/shared/format';
import { cn } from '../../../lib/cn.ts';
import { Money } from './report-bits.tsx';

/**
 * The bank's balance stated in the account's latest statement next to Sede's balance of the
 * account on that day, and the difference (decision 0373), as Conta Azul and Omie show it.
 */
export function StatementBalanceCard({ imports, accountId }: { imports: StatementImport[]; accountId: string }) {
  const latest = imports.find((i) => i.accountId === accountId && i.balance);
  if (!latest?.balance) return null;
  const b = latest.balance;
  const even = b.differenceCents === 0;
  return (
    <section aria-label="Saldo do banco e saldo no Sede" className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4" data-testid="statement-balance">
      <dl className="grid gap-3 sm:grid-cols-3">
        <div className="grid gap-0.5">
          <dt className="text-sm text-slate-600">Saldo no banco em {day(b.date)}</dt>
          <dd className="text-lg font-semibold">
            <Money cents={b.bankCents} />
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-sm text-slate-600">Saldo no Sede na mesma data</dt>
          <dd className="text-lg font-semibold">
            <Money cents={b.sedeCents} />
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-sm text-slate-600">Diferença</dt>
          <dd className={cn('text-lg font-semibold tabular-nums', even ? 'text-emerald-700' : 'text-amber-800')}>{even ? 'Saldos conferem' : <Money cents={b.differenceCents} className="text-amber-800" />}</dd>
        </div>
      </dl>
      <p className="text-xs text-slate-600">
        Do extrato “{latest.fileName}”.{' '}
        {even ? 'O saldo do banco e o do Sede são iguais nesta data.' : 'A diferença fecha quando as transações do extrato estiverem conciliadas e o saldo inicial da conta estiver certo (aba Cadastros).'}
      </p>
    </section>
  );
}

/** The bank's balance in the import history: the amount and, when it differs, the difference. */
export function BalanceCell({ balance }: { balance: StatementBalanceCheck | null }) {
  if (!balance) return <span className="text-slate-500">—</span>;
  return (
    <span className="grid">
      <Money cents={balance.bankCents} />
      {balance.differenceCents !== 0 && (
        <span className="text-xs text-amber-800">
          dif. <Money cents={balance.differenceCents} className="text-amber-800" />
        </span>
      )}
    </span>
  );
}
