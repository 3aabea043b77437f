import { useQueryClient } from '@tanstack/react-query';
import { ENTRY_MESSAGES, generatedDatesProblem, KIND_LABELS, type EntryKind, type FinEntryDetail, type Recurrence } from '@sede/shared/finance/entries';
import { MAX_AMOUNT_CENTS, isSaneDate, splitInstallments } from '@sede/shared/finance/money';
import type { DocumentReading } from '@sede/shared/finance/statements-schemas';
import { formatCnpj } from '@sede/shared/cnpj';
import type { FinRegisters } from '@sede/shared/finance/registers';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { Paperclip } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { FileManager } from '../../../components/files/file-manager.tsx';
import { deleteFile, kindFor, precheck, uploadFile } from '../../../components/files/files-api.ts';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { PartyPicker } from '../../../components/parties/party-picker.tsx';
import type { PartyOption } from '../../../components/parties/search-parties.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMoneyCents } from '../../../lib/format.ts';
import { createEntry } from '../api/create-entry.ts';
import { lookupOrganization } from '../api/lookup-organization.ts';
import { financeKeys } from '../api/keys.ts';
import { updateEntry } from '../api/update-entry.ts';
import { CategoryOptions } from './category-options.tsx';
import { DueHint } from './due-hint.tsx';
import { MoneyInput } from '../../../components/form/money-input.tsx';
import { NewParty } from './new-party.tsx';
import { ReadDocumentButton } from './read-document-button.tsx';
import { Select } from './select.tsx';
import { WideDialog } from './wide-dialog.tsx';
import { NamedOptions } from '../../../components/ui/named-options.tsx';
import { DialogActions } from '../../../components/ui/dialog-actions.tsx';

type Plan = 'single' | 'installments' | Exclude<Recurrence, 'none'>;

const WORDS = {
  payable: { party: 'Fornecedor', partyPerson: 'Fornecedor (pessoa)', new: 'Nova conta a pagar' },
  receivable: { party: 'Cliente', partyPerson: 'Cliente (pessoa)', new: 'Nova conta a receber' },
} as const;

const ATTACHMENT_KINDS = ['document', 'image'] as const;

/**
 * New or edit a payable/receivable: installments and recurrence when new; attachments chosen
 * before the first save are uploaded onto the entry right after it is created (decision 0195); a
 * new payable can be filled by the AI reading of its boleto or nota fiscal (ai.invoice_reading).
 */
export function EntryDialog({ open, onOpenChange, kind, registers, entry }: { open: boolean; onOpenChange: (open: boolean) => void; kind: EntryKind; registers: FinRegisters; entry?: FinEntryDetail | null }) {
  const queryClient = useQueryClient();
  const editing = !!entry;
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState<number | null>(null);
  const [dueDate, setDueDate] = useState(todayInBrazil());
  const [competenceDate, setCompetenceDate] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [accountId, setAccountId] = useState('');
  const [costCenterId, setCostCenterId] = useState('');
  const [partyKind, setPartyKind] = useState<'organizations' | 'people'>('organizations');
  const [party, setParty] = useState<PartyOption | null>(null);
  const [documentNumber, setDocumentNumber] = useState('');
  const [barcode, setBarcode] = useState('');
  const [notes, setNotes] = useState('');
  const [plan, setPlan] = useState<Plan>('single');
  const [count, setCount] = useState(2);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [attachments, setAttachments] = useState<File[]>([]);
  const [readFileId, setReadFileId] = useState<string | null>(null);
  const [newSupplier, setNewSupplier] = useState<{ cnpj: string; name: string | null } | null>(null);
  const [supplierPending, setSupplierPending] = useState(false);

  useEffect(() => {
    if (!open) return;
    setError(null);
    setDescription(entry?.description ?? '');
    setAmount(entry?.amountCents ?? null);
    setDueDate(entry?.dueDate ?? todayInBrazil());
    setCompetenceDate(entry?.competenceDate ?? '');
    setCategoryId(entry?.categoryId ?? '');
    setAccountId(entry?.accountId ?? '');
    setCostCenterId(entry?.costCenterId ?? '');
    setPartyKind(entry?.personId ? 'people' : 'organizations');
    setParty(entry && (entry.organizationId || entry.personId) ? { id: (entry.organizationId ?? entry.personId)!, label: entry.partyName ?? '', detail: null } : null);
    setDocumentNumber(entry?.documentNumber ?? '');
    setBarcode(entry?.barcode ?? '');
    setNotes(entry?.notes ?? '');
    setPlan('single');
    setCount(2);
    setAttachments([]);
    setReadFileId(null);
    setNewSupplier(null);
  }, [open, entry]);

  /** The AI's reading fills what it found; the PDF joins the attachments; a new supplier is offered. */
  const applyReading = (reading: DocumentReading, fileId: string, file: File | null) => {
    if (reading.amountCents !== null) setAmount(reading.amountCents);
    if (reading.dueDate) setDueDate(reading.dueDate);
    if (reading.barcode) setBarcode(reading.barcode);
    if (reading.documentNumber) setDocumentNumber(reading.documentNumber);
    if (reading.description && !description.trim()) setDescription(reading.description);
    if (reading.organizationId) {
      setPartyKind('organizations');
      setParty({ id: reading.organizationId, label: reading.supplierName ?? formatCnpj(reading.supplierCnpj ?? ''), detail: reading.supplierCnpj });
      setNewSupplier(null);
    } else if (reading.supplierCnpj) {
      setNewSupplier({ cnpj: reading.supplierCnpj, name: reading.supplierName });
    }
    setReadFileId(fileId);
    if (file) setAttachments((list) => (list.includes(file) ? list : [...list, file]));
    toast.success('Documento lido: confira os campos preenchidos antes de salvar.');
  };

  const createSupplier = async () => {
    if (!newSupplier) return;
    setSupplierPending(true);
    try {
      const { organization } = await lookupOrganization(newSupplier.cnpj);
      setPartyKind('organizations');
      setParty({ id: organization.id, label: organization.nomeFantasia ?? organization.razaoSocial, detail: organization.cnpj });
      setNewSupplier(null);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Não foi possível cadastrar o fornecedor.');
    } finally {
      setSupplierPending(false);
    }
  };

  /** The files chosen before the first save go onto the created entry; a failure is said, the entry stays. */
  const uploadAttachments = async (entryId: string) => {
    const failed: string[] = [];
    for (const file of attachments) {
      try {
        await uploadFile({ entityType: 'fin_entry', entityId: entryId, kind: kindFor(file, ATTACHMENT_KINDS), file });
      } catch (err) {
        failed.push(`${file.name}: ${err instanceof ApiError ? err.message : 'falha no envio'}`);
      }
    }
    // The copy the AI read was kept on the company only for the reading: the entry has its own now.
    if (readFileId && failed.length === 0) await deleteFile(readFileId).catch(() => undefined);
    if (failed.length > 0) toast.error(`Lançamento salvo, mas ${failed.length === 1 ? 'um anexo não foi enviado' : 'alguns anexos não foram enviados'} (${failed.join('; ')}). Anexe de novo em Editar.`);
  };

  const split = plan === 'installments' && amount && amount > 0 && count >= 2 ? splitInstallments(amount, Math.min(count, 120)) : null;
  const recurrence = plan === 'monthly' || plan === 'yearly' ? plan : 'none';
  // Said while the plan is typed, not only after "Salvar" (decision 0365).
  const pastMax =
    editing || plan === 'single' || count < 2 || !isSaneDate(dueDate) || (competenceDate && !isSaneDate(competenceDate))
      ? null
      : generatedDatesProblem({ dueDate, competenceDate: competenceDate || dueDate, installments: plan === 'installments' ? count : 1, recurrence, occurrences: count });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!description.trim()) return setError(ENTRY_MESSAGES.description);
    if (!amount || amount <= 0) return setError(ENTRY_MESSAGES.amount);
    if (amount > MAX_AMOUNT_CENTS) return setError(ENTRY_MESSAGES.amountTooLarge);
    if (!isSaneDate(dueDate)) return setError(ENTRY_MESSAGES.dueDate);
    if (competenceDate && !isSaneDate(competenceDate)) return setError(ENTRY_MESSAGES.competenceDate);
    if (pastMax) return setError(pastMax.message);
    const common = {
      description,
      amountCents: amount,
      dueDate,
      competenceDate: competenceDate || dueDate,
      categoryId: categoryId || null,
      accountId: accountId || null,
      costCenterId: costCenterId || null,
      organizationId: party && partyKind === 'organizations' ? party.id : null,
      personId: party && partyKind === 'people' ? party.id : null,
      documentNumber: documentNumber || null,
      barcode: barcode || null,
      notes: notes || null,
    };
    setPending(true);
    try {
      if (editing) {
        await updateEntry(entry.id, common);
        toast.success('Lançamento atualizado.');
      } else {
        const { entries } = await createEntry({
          kind,
          ...common,
          installments: plan === 'installments' ? count : 1,
          recurrence,
          ...(recurrence !== 'none' ? { occurrences: count } : {}),
        });
        if (attachments.length > 0 && entries[0]) await uploadAttachments(entries[0].id);
        toast.success(entries.length > 1 ? `${entries.length} lançamentos criados.` : 'Lançamento criado.');
      }
      await queryClient.invalidateQueries({ queryKey: financeKeys.entries });
      onOpenChange(false);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Não foi possível salvar. Tente novamente.');
    } finally {
      setPending(false);
    }
  };

  const categoryKind = kind === 'payable' ? 'expense' : 'income';
  const words = WORDS[kind];
  return (
    <WideDialog open={open} onOpenChange={onOpenChange} title={editing ? `Editar ${KIND_LABELS[kind].toLowerCase()}` : words.new}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        {error && <FormAlert title={error} />}
        {!editing && kind === 'payable' && (
          <fieldset className="grid gap-2 rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium text-slate-800">Preencher pelo boleto ou nota fiscal (IA)</legend>
            <ReadDocumentButton onRead={applyReading} />
          </fieldset>
        )}
        <Field label="Descrição">
          <Input value={description} onChange={(e) => setDescription(e.target.value)} maxLength={200} required />
        </Field>
        <div className="grid items-start gap-4 sm:grid-cols-3">
          <Field label={plan === 'installments' ? 'Valor total (R$)' : 'Valor (R$)'}>
            <MoneyInput cents={amount} onCents={setAmount} required />
          </Field>
          <Field label={plan === 'installments' ? 'Vencimento da 1ª parcela' : 'Vencimento'}>
            <Input type="date" value={dueDate} onChange={(e) => setDueDate(e.target.value)} min="2000-01-01" max="2099-12-31" required />
          </Field>
          <Field label="Competência" hint="Mês do resultado (DRE). Vazio: o vencimento.">
            <Input type="date" value={competenceDate} onChange={(e) => setCompetenceDate(e.target.value)} min="2000-01-01" max="2099-12-31" />
          </Field>
        </div>
        <DueHint dueDate={dueDate} />
        {!editing && (
          <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium text-slate-800">Repetição</legend>
            <div className="grid items-start gap-3 sm:grid-cols-2">
              <Field label="Forma">
                <Select value={plan} onChange={(e) => setPlan(e.target.value as Plan)}>
                  <option value="single">À vista (uma vez)</option>
                  <option value="installments">Parcelado</option>
                  <option value="monthly">Recorrente todo mês</option>
                  <option value="yearly">Recorrente todo ano</option>
                </Select>
              </Field>
              {plan !== 'single' && (
                <Field label={plan === 'installments' ? 'Número de parcelas' : 'Quantas vezes criar'}>
                  <Input type="number" min={2} max={plan === 'installments' ? 120 : 60} value={count} onChange={(e) => setCount(Math.max(0, Number(e.target.value) || 0))} />
                </Field>
              )}
            </div>
            {pastMax ? (
              <p className="text-sm text-red-700" aria-live="polite">
                {pastMax.message}
              </p>
            ) : (
              <>
                {split && (
                  <p className="text-sm text-slate-700" aria-live="polite">
                    {split[0] === split[1] ? `${split.length}x de ${formatMoneyCents(split[0]!)}` : `1ª parcela de ${formatMoneyCents(split[0]!)} e ${split.length - 1}x de ${formatMoneyCents(split[1]!)}`}, uma por mês.
                  </p>
                )}
                {recurrence !== 'none' && <p className="text-sm text-slate-700">Cria agora {count} lançamentos de {amount ? formatMoneyCents(amount) : 'R$ 0,00'}, um por {plan === 'monthly' ? 'mês' : 'ano'}.</p>}
              </>
            )}
          </fieldset>
        )}
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field label="Categoria">
            <Select value={categoryId} onChange={(e) => setCategoryId(e.target.value)}>
              <option value="">Sem categoria</option>
              <CategoryOptions categories={registers.categories} kind={categoryKind} />
            </Select>
          </Field>
          <Field label="Conta prevista">
            <Select value={accountId} onChange={(e) => setAccountId(e.target.value)}>
              <option value="">Nenhuma</option>
              <NamedOptions items={registers.accounts.filter((a) => !a.archived || a.id === accountId)} />
            </Select>
          </Field>
          <Field label="Centro de custo">
            <Select value={costCenterId} onChange={(e) => setCostCenterId(e.target.value)}>
              <option value="">Nenhum</option>
              <NamedOptions items={registers.costCenters.filter((c) => !c.archived || c.id === costCenterId)} />
            </Select>
          </Field>
          <Field label="Nº do documento">
            <Input value={documentNumber} onChange={(e) => setDocumentNumber(e.target.value)} maxLength={60} />
          </Field>
        </div>
        <div className="grid gap-2">
          <div role="radiogroup" aria-label={`${words.party}: organização ou pessoa`} className="flex gap-4 text-sm">
            {(['organizations', 'people'] as const).map((k) => (
              <label key={k} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="party-kind"
                  checked={partyKind === k}
                  onChange={() => {
                    setPartyKind(k);
                    setParty(null);
                  }}
                />
                {k === 'organizations' ? 'Empresa (CNPJ)' : 'Pessoa (CPF)'}
              </label>
            ))}
          </div>
          <PartyPicker kind={partyKind} label={partyKind === 'organizations' ? words.party : words.partyPerson} value={party} onChange={setParty} />
          {!party && newSupplier && (
            <div className="flex flex-wrap items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-800" data-testid="new-supplier-offer">
              <span>
                Fornecedor ainda não cadastrado: {newSupplier.name ?? 'CNPJ'} ({formatCnpj(newSupplier.cnpj)}).
              </span>
              <Button type="button" size="sm" variant="secondary" onClick={createSupplier} pending={supplierPending}>
                Cadastrar fornecedor
              </Button>
            </div>
          )}
          {!party && <NewParty kind={partyKind} onCreated={setParty} />}
        </div>
        <Field label="Linha digitável do boleto" hint="Opcional. Os números são conferidos pelos dígitos verificadores.">
          <Input value={barcode} onChange={(e) => setBarcode(e.target.value)} inputMode="numeric" maxLength={60} />
        </Field>
        <Field label="Observações">
          <textarea value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={2000} rows={2} className="w-full rounded-[var(--radius-ui)] border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-[var(--color-accent)]" />
        </Field>
        {editing ? (
          <FileManager entityType="fin_entry" entityId={entry.id} kinds={['document', 'image']} title="Anexos (boleto, nota fiscal)" emptyText="Nenhum anexo. Arraste o boleto ou a nota fiscal para cá." />
        ) : (
          <div className="grid gap-2">
            <p id="fin-entry-attachments-label" className="text-sm font-medium text-slate-800">
              Anexos (boleto, nota fiscal)
            </p>
            <Button type="button" size="sm" variant="secondary" className="justify-self-start" aria-describedby="fin-entry-attachments-label" onClick={() => document.getElementById('fin-entry-attachments')?.click()}>
              <Paperclip aria-hidden /> Adicionar anexo
            </Button>
            <input
              id="fin-entry-attachments"
              data-testid="entry-attachments-file"
              type="file"
              multiple
              accept="application/pdf,.pdf,image/*"
              className="sr-only"
              tabIndex={-1}
              aria-hidden
              onChange={(e) => {
                const chosen = [...(e.target.files ?? [])];
                e.target.value = '';
                for (const f of chosen) {
                  const refusal = precheck(f, kindFor(f, ATTACHMENT_KINDS));
                  if (refusal) return setError(`${f.name}: ${refusal}`);
                }
                setAttachments((list) => [...list, ...chosen]);
              }}
            />
            {attachments.length > 0 ? (
              <ul className="grid gap-1 text-sm" aria-label="Anexos a enviar" data-testid="pending-attachments">
                {attachments.map((f) => (
                  <li key={`${f.name}-${f.size}-${f.lastModified}`} className="flex items-center justify-between gap-2 rounded border border-slate-200 px-2 py-1">
                    <span className="truncate">{f.name}</span>
                    <Button type="button" size="sm" variant="ghost" onClick={() => setAttachments((list) => list.filter((x) => x !== f))}>
                      Remover<span className="sr-only"> {f.name}</span>
                    </Button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-xs text-slate-600">Enviados junto com o lançamento ao salvar{plan === 'single' ? '' : ' (ficam no primeiro lançamento)'}.</p>
            )}
          </div>
        )}
        <DialogActions onCancel={() => onOpenChange(false)} pending={pending} submitLabel={editing ? 'Salvar alterações' : 'Salvar'} />
      </form>
    </WideDialog>
  );
}
