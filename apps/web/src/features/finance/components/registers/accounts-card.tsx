import { ACCOUNT_KIND_LABELS, type FinAccount } from '@sede/shared/finance/registers';
import { money } from '@sede/shared/format';
import { Landmark, Plus, QrCode } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card.tsx';
import { updateAccount } from '../../api/update-account.ts';
import { EditArchiveButtons } from '../archive-toggle-button.tsx';
import { AccountDialog } from './account-dialog.tsx';
import { PixApiDialog } from './pix-api-dialog.tsx';
import { useSaveRegister } from './use-save-register.ts';

/** The bank and cash accounts with their balances. */
export function AccountsCard({ accounts, mayWrite }: { accounts: FinAccount[]; mayWrite: boolean }) {
  const [editing, setEditing] = useState<FinAccount | 'new' | null>(null);
  const [pixApi, setPixApi] = useState<FinAccount | null>(null);
  const save = useSaveRegister();
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle>Contas bancárias e caixa</CardTitle>
          <CardDescription>De onde o dinheiro sai e para onde entra. Saldo = saldo inicial + recebimentos − pagamentos.</CardDescription>
        </div>
        {mayWrite && (
          <Button size="sm" onClick={() => setEditing('new')}>
            <Plus aria-hidden /> Nova conta
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {accounts.length === 0 ? (
          <div className="grid justify-items-center gap-2 rounded-lg border border-dashed border-slate-300 p-6 text-center">
            <Landmark className="size-6 text-[var(--color-accent)]" aria-hidden />
            <p className="text-sm text-slate-700">Cadastre a conta do banco e o caixa da empresa com o saldo de hoje para registrar pagamentos e recebimentos.</p>
            {mayWrite && (
              <Button size="sm" onClick={() => setEditing('new')}>
                <Plus aria-hidden /> Cadastrar a primeira conta
              </Button>
            )}
          </div>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {accounts.map((a) => (
              <li key={a.id} className={`grid gap-1 rounded-lg border border-slate-200 p-3 ${a.archived ? 'opacity-70' : ''}`}>
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="truncate font-medium text-slate-900">{a.name}</p>
                    <p className="text-xs text-slate-600">
                      {ACCOUNT_KIND_LABELS[a.kind]}
                      {a.bankCode ? ` · banco ${a.bankCode}` : ''}
                      {a.agency ? ` · ag. ${a.agency}` : ''}
                      {a.accountNumber ? ` · c/c ${a.accountNumber}` : ''}
                      {a.archived ? ' · arquivada' : ''}
                    </p>
                  </div>
                  {mayWrite && (
                    <div className="flex">
                      <EditArchiveButtons name={a.name} archived={a.archived} onEdit={() => setEditing(a)} toggle={() => save(() => updateAccount(a.id, { archived: !a.archived }), a.archived ? 'Conta reativada.' : 'Conta arquivada.')} />
                    </div>
                  )}
                </div>
                <p className={`text-lg font-semibold tabular-nums ${a.balanceCents < 0 ? 'text-red-700' : 'text-slate-900'}`}>{money(a.balanceCents)}</p>
                {a.kind !== 'cash' && !a.archived && (
                  <Button variant="ghost" size="sm" className="justify-self-start" onClick={() => setPixApi(a)}>
                    <QrCode aria-hidden /> Pix dinâmico (API do banco)
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <AccountDialog account={editing} onClose={() => setEditing(null)} />
      <PixApiDialog account={pixApi} onClose={() => setPixApi(null)} mayWrite={mayWrite} />
    </Card>
  );
}
