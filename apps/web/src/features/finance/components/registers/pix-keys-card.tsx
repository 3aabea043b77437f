import { PIX_KEY_TYPE_LABELS, type PixKey } from '@sede/shared/finance/pix';
import type { FinAccount } from '@sede/shared/finance/registers';
import { formatCnpj } from '@sede/shared/cnpj-format';
import { formatCpf } from '@sede/shared/cpf';
import { formatPhone } from '@sede/shared/phone';
import { Plus, QrCode, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../../lib/toast.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card.tsx';
import { useConfirm } from '../../../../components/ui/confirm-dialog.tsx';
import { QueryStates } from '../../../../components/ui/record-states.tsx';
import { useLiveInvalidate } from '../../../../lib/live/entity-events.ts';
import { financeKeys } from '../../api/keys.ts';
import { deletePixKey, makeDefaultPixKey, usePixKeys } from '../../api/pix-keys.ts';
import { PixKeyDialog } from './pix-key-dialog.tsx';
import { useSaveRegister } from './use-save-register.ts';

/** A key as people read it: CPF and CNPJ masked, the phone without +55. */
const shown = (k: PixKey) => (k.type === 'cpf' ? formatCpf(k.key) : k.type === 'cnpj' ? formatCnpj(k.key) : k.type === 'phone' ? formatPhone(k.key.replace(/^\+55/, '')) : k.key);

/** The company's Pix keys per account (decision 0530): one is the default the charges use. */
export function PixKeysCard({ accounts, mayWrite }: { accounts: FinAccount[]; mayWrite: boolean }) {
  const keys = usePixKeys();
  useLiveInvalidate('fin_pix_key', financeKeys.pixKeys);
  const [adding, setAdding] = useState(false);
  const save = useSaveRegister(financeKeys.pixKeys);
  const confirm = useConfirm();
  const active = accounts.filter((a) => !a.archived && a.kind !== 'cash');
  const run = async (work: () => Promise<unknown>, done: string) => {
    const err = await save(work, done);
    if (err) toast.error(err);
  };
  const add = mayWrite && active.length > 0 && (
    <Button size="sm" onClick={() => setAdding(true)}>
      <Plus aria-hidden /> Nova chave Pix
    </Button>
  );
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle>Chaves Pix</CardTitle>
          <CardDescription>Para cobrar por Pix: a chave padrão vai no QR code e no Pix copia e cola das contas a receber.</CardDescription>
        </div>
        {add}
      </CardHeader>
      <CardContent>
        <QueryStates query={keys} loading="Carregando chaves…">
          {(data) => data.keys.length === 0 ? (
            <div className="grid justify-items-center gap-2 rounded-lg border border-dashed border-slate-300 p-6 text-center">
              <QrCode className="size-6 text-[var(--color-accent)]" aria-hidden />
              <p className="text-sm text-slate-700">{active.length ? 'Cadastre a chave Pix da conta da empresa para cobrar os clientes por QR code e Pix copia e cola.' : 'Cadastre antes uma conta bancária para receber por Pix.'}</p>
            </div>
          ) : (
            <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              {data.keys.map((k) => (
                <li key={k.id} className="flex min-w-0 items-start justify-between gap-2 rounded-lg border border-slate-200 p-3">
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                      {PIX_KEY_TYPE_LABELS[k.type]} · {k.accountName}
                      {k.isDefault && <span className="rounded-full bg-emerald-50 px-2 py-0.5 font-medium text-emerald-800 ring-1 ring-emerald-200 ring-inset">Padrão</span>}
                    </p>
                    <p className="truncate font-medium text-slate-900" title={k.key}>
                      {shown(k)}
                    </p>
                  </div>
                  {mayWrite && (
                    <div className="flex shrink-0">
                      {!k.isDefault && (
                        <Button size="sm" variant="ghost" onClick={() => run(() => makeDefaultPixKey(k.id), 'Chave padrão alterada.')} aria-label={`Usar ${shown(k)} como padrão`} title="Usar como padrão">
                          <Star aria-hidden />
                        </Button>
                      )}
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Excluir a chave ${shown(k)}`}
                        onClick={async () => (await confirm.ask({ title: `Excluir a chave ${shown(k)}?`, description: 'Cobranças já enviadas com ela continuam valendo.', confirmLabel: 'Excluir', destructive: true })) && run(() => deletePixKey(k.id), 'Chave Pix excluída.')}
                      >
                        <Trash2 aria-hidden />
                      </Button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryStates>
      </CardContent>
      <PixKeyDialog open={adding} onClose={() => setAdding(false)} accounts={active} />
      {confirm.dialog}
    </Card>
  );
}
