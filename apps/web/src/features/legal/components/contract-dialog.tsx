import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { normalizeCnpjInput } from '@sede/shared/cnpj-format';
import { CONTRACT_STATUS_LABELS, CONTRACT_STATUSES, READJUSTMENT_INDEXES, READJUSTMENT_LABELS, type ContractStatus, type ContractView, type ReadjustmentIndex } from '@sede/shared/legal/schemas';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { CnpjLookupField, cnpjProblem } from '../../../components/form/cnpj-lookup-field.tsx';
import { MoneyInput } from '../../../components/form/money-input.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { optionsOf } from '../../../components/ui/filter-bar.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { OptionSelect } from '../../../components/ui/option-select.tsx';
import { createContract } from '../api/create-contract.ts';
import { legalKeys } from '../api/keys.ts';
import { updateContract } from '../api/update-contract.ts';
import { PeriodFields } from '../../../components/ui/period-fields.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';

/**
 * 'Novo contrato' / 'Editar contrato': the register's fields; the other party by CNPJ (found or
 * filled by the CNPJ lookup). Editing keeps a person as the other party unless a CNPJ is typed.
 */
export function ContractDialog({ open, onOpenChange, contract }: { open: boolean; onOpenChange: (v: boolean) => void; contract?: ContractView }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const initialCnpj = contract?.counterparty?.type === 'organization' ? (contract.counterparty.document ?? '') : '';
  const [title, setTitle] = useState(contract?.title ?? '');
  const [cnpj, setCnpj] = useState(initialCnpj);
  const [valueCents, setValueCents] = useState<number | null>(contract?.valueCents ?? null);
  const [startDate, setStart] = useState(contract?.startDate ?? '');
  const [endDate, setEnd] = useState(contract?.endDate ?? '');
  const [notice, setNotice] = useState(contract?.noticePeriodDays != null ? String(contract.noticePeriodDays) : '');
  const [renewal, setRenewal] = useState(contract?.automaticRenewal ?? false);
  const [index, setIndex] = useState<ReadjustmentIndex>(contract?.readjustmentIndex ?? 'nenhum');
  const [status, setStatus] = useState<ContractStatus>(contract?.status ?? 'negotiation');

  const save = useSubmit(async () => {
    const digits = normalizeCnpjInput(cnpj);
    const fields = {
      title,
      valueCents,
      startDate: startDate || null,
      endDate: endDate || null,
      noticePeriodDays: notice ? Number(notice) : null,
      automaticRenewal: renewal,
      readjustmentIndex: index,
      status,
    };
    if (contract) {
      const keepParty = digits === normalizeCnpjInput(initialCnpj);
      await updateContract(contract.id, keepParty ? fields : { ...fields, counterparty: digits ? { type: 'organization', cnpj } : null });
      await queryClient.invalidateQueries({ queryKey: legalKeys.contracts });
      toast.success('Contrato atualizado.');
      onOpenChange(false);
      return;
    }
    const c = await createContract({ ...fields, counterparty: digits ? { type: 'organization', cnpj } : null });
    await queryClient.invalidateQueries({ queryKey: legalKeys.contracts });
    toast.success('Contrato cadastrado.');
    onOpenChange(false);
    void navigate(`/juridico/contrato/${c.id}`);
  }, 'Não foi possível salvar o contrato.');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.setError(null);
    const badCnpj = cnpjProblem(cnpj);
    if (badCnpj) return save.setError(`CNPJ da outra parte: ${badCnpj}`);
    void save.submit();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={contract ? 'Editar contrato' : 'Novo contrato'}
      description={contract ? 'Altere os dados do cadastro do contrato.' : 'Cadastre o contrato; depois envie o arquivo assinado e peça a análise com IA.'}
    >
      <form onSubmit={submit} className="grid gap-3" noValidate>
        {save.error && <FormAlert title={save.error} />}
        <Field label="Título">
          <Input value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={160} placeholder="Ex.: Prestação de serviços de limpeza" />
        </Field>
        <CnpjLookupField label="CNPJ da outra parte" hint="Opcional. A organização é encontrada ou criada pela consulta de CNPJ." value={cnpj} onValueChange={setCnpj} />
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Valor total (R$)">
            <MoneyInput cents={valueCents} onCents={setValueCents} />
          </Field>
          <Field label="Aviso prévio (dias)">
            <Input value={notice} onChange={(e) => setNotice(e.target.value.replace(/\D/g, ''))} inputMode="numeric" placeholder="30" />
          </Field>
          <PeriodFields start={startDate} end={endDate} onStart={setStart} onEnd={setEnd} />
          <Field label="Índice de reajuste">
            <OptionSelect options={optionsOf(READJUSTMENT_INDEXES, READJUSTMENT_LABELS)} value={index} onChange={(e) => setIndex(e.target.value as ReadjustmentIndex)} />
          </Field>
          <Field label="Situação">
            <OptionSelect options={optionsOf(CONTRACT_STATUSES, CONTRACT_STATUS_LABELS)} value={status} onChange={(e) => setStatus(e.target.value as ContractStatus)} />
          </Field>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={renewal} onChange={(e) => setRenewal(e.target.checked)} className="size-4" /> Renovação automática
        </label>
        <FormActions onCancel={() => onOpenChange(false)} pending={save.pending} submitLabel={contract ? 'Salvar' : 'Cadastrar'} />
      </form>
    </Dialog>
  );
}
