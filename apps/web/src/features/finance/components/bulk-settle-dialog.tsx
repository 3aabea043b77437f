import { useQueryClient } from '@tanstack/react-query';
import { ENTRY_MESSAGES, type FinEntry } from '@sede/shared/finance/entries';
import { isSaneDate } from '@sede/shared/finance/money';
import type { FinRegisters } from '@sede/shared/finance/registers';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { money } from '@sede/shared/format';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { bulkSettle } from '../api/bulk-settle.ts';
import { financeKeys } from '../api/keys.ts';
import { AccountField } from './select.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { DateField } from '../../../components/form/date-field.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';

/** Settles the selected entries in full on one date and account (all or none). */
export function BulkSettleDialog({ entries, open, onOpenChange, onDone, registers }: { entries: FinEntry[]; open: boolean; onOpenChange: (o: boolean) => void; onDone: () => void; registers: FinRegisters }) {
  const queryClient = useQueryClient();
  const accounts = registers.accounts.filter((a) => !a.archived);
  const [accountId, setAccountId] = useState('');
  const [paidDate, setPaidDate] = useState(todayInBrazil());
  const { submit: send, pending, error, setError } = useSubmit(async () => {
    const res = await bulkSettle({ entryIds: entries.map((x) => x.id), accountId, paidDate });
    toast.success(`${res.settled} lançamento(s) baixado(s): ${money(res.totalCents)}.`);
    await Promise.all([queryClient.invalidateQueries({ queryKey: financeKeys.entries }), queryClient.invalidateQueries({ queryKey: financeKeys.registers })]);
    onDone();
    onOpenChange(false);
  }, 'Não foi possível baixar os lançamentos.');
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens
  useEffect(() => {
    if (!open) return;
    setError(null);
    setPaidDate(todayInBrazil());
    setAccountId(accounts[0]?.id ?? '');
  }, [open]);
  const total = entries.reduce((s, e) => s + e.openCents, 0);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!accountId) return setError('Escolha a conta. Cadastre uma em Cadastros.');
    if (!isSaneDate(paidDate)) return setError(ENTRY_MESSAGES.paidDate);
    await send();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Baixar selecionados" description={`${entries.length} lançamento(s), ${money(total)} em aberto, quitados pelo valor em aberto.`}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        {error && <FormAlert title={error} />}
        <AccountField accounts={accounts} value={accountId} onChange={setAccountId} />
        <DateField label="Data da baixa" value={paidDate} min="2000-01-01" max="2099-12-31" onChange={setPaidDate} />
        <FormActions onCancel={() => onOpenChange(false)} pending={pending} submitLabel={`Baixar ${entries.length}`} stacked />
      </form>
    </Dialog>
  );
}
