import { normalizePixKey, PIX_KEY_TYPE_LABELS, PIX_KEY_TYPES, PIX_MESSAGES, type PixKeyType } from '@sede/shared/finance/pix';
import type { FinAccount } from '@sede/shared/finance/registers';
import { useEffect, useState, type FormEvent } from 'react';
import { FormAlert } from '../../../../components/form/form-alert.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { FormActions } from '../../../../components/ui/form-actions.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { createPixKey } from '../../api/pix-keys.ts';
import { financeKeys } from '../../api/keys.ts';
import { Select } from '../select.tsx';
import { useSaveRegister } from './use-save-register.ts';
import { NamedOptions } from '../../../../components/ui/named-options.tsx';
import { EnumSelect } from '../../../../components/ui/option-select.tsx';

const PLACEHOLDERS: Record<PixKeyType, string> = {
  cpf: '000.000.000-00',
  cnpj: '00.000.000/0000-00',
  email: 'financeiro@suaempresa.com.br',
  phone: '(11) 98765-4321',
  evp: '123e4567-e89b-12d3-a456-426614174000',
};

/** A new Pix key on one of the active accounts: type, key (checked here and by the server), default. */
export function PixKeyDialog({ open, onClose, accounts }: { open: boolean; onClose: () => void; accounts: FinAccount[] }) {
  const save = useSaveRegister(financeKeys.pixKeys);
  const [accountId, setAccountId] = useState('');
  const [type, setType] = useState<PixKeyType>('cnpj');
  const [key, setKey] = useState('');
  const [isDefault, setIsDefault] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (!open) return;
    setAccountId(accounts[0]?.id ?? '');
    setType('cnpj');
    setKey('');
    setIsDefault(false);
    setError(null);
  }, [open, accounts]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!accountId) return setError(PIX_MESSAGES.accountNotFound);
    if (!key.trim()) return setError(PIX_MESSAGES.key);
    if (!normalizePixKey(type, key)) return setError(PIX_MESSAGES.invalid[type]);
    setPending(true);
    const err = await save(() => createPixKey({ accountId, type, key, isDefault }), 'Chave Pix cadastrada.');
    setPending(false);
    if (err) setError(err);
    else onClose();
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title="Nova chave Pix" description="A chave que o cliente usa para pagar: aparece no QR code e no Pix copia e cola das cobranças.">
      <form onSubmit={submit} className="grid gap-3" noValidate>
        {error && <FormAlert title={error} />}
        <Field label="Conta que recebe">
          <Select value={accountId} onChange={(e) => setAccountId(e.target.value)}>
            <NamedOptions items={accounts} />
          </Select>
        </Field>
        <Field label="Tipo de chave">
          <EnumSelect className="pr-8" values={PIX_KEY_TYPES} labels={PIX_KEY_TYPE_LABELS} value={type} onChange={setType} />
        </Field>
        <Field label="Chave">
          <Input value={key} onChange={(e) => setKey(e.target.value)} placeholder={PLACEHOLDERS[type]} maxLength={120} inputMode={type === 'cpf' || type === 'cnpj' || type === 'phone' ? 'numeric' : type === 'email' ? 'email' : 'text'} autoComplete="off" />
        </Field>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={isDefault} onChange={(e) => setIsDefault(e.target.checked)} className="size-4" />
          Usar como chave padrão das cobranças
        </label>
        <FormActions onCancel={onClose} pending={pending} submitLabel="Cadastrar chave" stacked />
      </form>
    </Dialog>
  );
}
