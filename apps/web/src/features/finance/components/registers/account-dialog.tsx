import { ACCOUNT_KINDS, ACCOUNT_KIND_LABELS, type AccountKind, type FinAccount } from '@sede/shared/finance/registers';
import { isSaneDate } from '@sede/shared/finance/money';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { useEffect, useState, type FormEvent } from 'react';
import { FormAlert } from '../../../../components/form/form-alert.tsx';
import { MoneyInput } from '../../../../components/form/money-input.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { FormActions } from '../../../../components/ui/form-actions.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { createAccount } from '../../api/create-account.ts';
import { updateAccount } from '../../api/update-account.ts';
import { Select } from '../select.tsx';
import { useSaveRegister } from './use-save-register.ts';
import { DateField } from '../../../../components/form/date-field.tsx';

/** A new account ('new') or an existing one: name, kind, bank details, opening balance. */
export function AccountDialog({ account, onClose }: { account: FinAccount | 'new' | null; onClose: () => void }) {
  const save = useSaveRegister();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<AccountKind>('checking');
  const [bankCode, setBankCode] = useState('');
  const [agency, setAgency] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [opening, setOpening] = useState<number | null>(0);
  const [openingDate, setOpeningDate] = useState(todayInBrazil());
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (!account) return;
    const a = account === 'new' ? null : account;
    setName(a?.name ?? '');
    setKind(a?.kind ?? 'checking');
    setBankCode(a?.bankCode ?? '');
    setAgency(a?.agency ?? '');
    setAccountNumber(a?.accountNumber ?? '');
    setOpening(a?.openingBalanceCents ?? 0);
    setOpeningDate(a?.openingDate ?? todayInBrazil());
    setError(null);
  }, [account]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Informe o nome.');
    if (opening === null) return setError('Saldo inicial inválido.');
    if (!isSaneDate(openingDate)) return setError('Data inválida: use uma data entre 2000 e 2099.');
    setPending(true);
    const input = { name, kind, bankCode: bankCode || null, agency: agency || null, accountNumber: accountNumber || null, openingBalanceCents: opening, openingDate };
    const err = await save(() => (account === 'new' ? createAccount(input) : updateAccount((account as FinAccount).id, input)), account === 'new' ? 'Conta cadastrada.' : 'Conta atualizada.');
    setPending(false);
    if (err) setError(err);
    else onClose();
  };
  return (
    <Dialog open={!!account} onOpenChange={(o) => !o && onClose()} title={account === 'new' ? 'Nova conta' : 'Editar conta'}>
      <form onSubmit={submit} className="grid gap-3" noValidate>
        {error && <FormAlert title={error} />}
        <Field label="Nome">
          <Input value={name} onChange={(e) => setName(e.target.value)} placeholder="Ex.: Itaú PJ, Caixa da loja" maxLength={120} />
        </Field>
        <Field label="Tipo">
          <Select value={kind} onChange={(e) => setKind(e.target.value as AccountKind)}>
            {ACCOUNT_KINDS.map((k) => (
              <option key={k} value={k}>
                {ACCOUNT_KIND_LABELS[k]}
              </option>
            ))}
          </Select>
        </Field>
        {kind !== 'cash' && (
          <div className="grid grid-cols-3 gap-2">
            <Field label="Banco (código)">
              <Input value={bankCode} onChange={(e) => setBankCode(e.target.value.replace(/\D/g, '').slice(0, 3))} inputMode="numeric" placeholder="341" />
            </Field>
            <Field label="Agência">
              <Input value={agency} onChange={(e) => setAgency(e.target.value)} maxLength={20} />
            </Field>
            <Field label="Conta">
              <Input value={accountNumber} onChange={(e) => setAccountNumber(e.target.value)} maxLength={30} />
            </Field>
          </div>
        )}
        <div className="grid grid-cols-2 gap-2">
          <Field label="Saldo inicial (R$)">
            <MoneyInput cents={opening} onCents={setOpening} allowNegative />
          </Field>
          <DateField label="Na data" value={openingDate} min="2000-01-01" max="2099-12-31" onChange={setOpeningDate} />
        </div>
        <FormActions onCancel={onClose} pending={pending} submitLabel="Salvar" stacked />
      </form>
    </Dialog>
  );
}
