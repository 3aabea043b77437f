import { useQueryClient } from '@tanstack/react-query';
import { KIND_LABELS, type EntryKind, type FinEntryDetail } from '@sede/shared/finance/entries';
import type { FinRegisters } from '@sede/shared/finance/registers';
import type { DocumentReading } from '@sede/shared/finance/statements-schemas';
import { formatCnpj } from '@sede/shared/cnpj-format';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { FileManager } from '../../../components/files/file-manager.tsx';
import { EntryInvoice } from '../../finance-nfse/public.ts';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { MoneyInput } from '../../../components/form/money-input.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { createEntry } from '../api/create-entry.ts';
import { financeKeys } from '../api/keys.ts';
import { updateEntry } from '../api/update-entry.ts';
import { CategoryOptions } from './category-options.tsx';
import { DueHint } from './due-hint.tsx';
import { draftOf, draftProblem, type EntryDraft, entryFields, planPreview, type SetDraft } from './entry/entry-draft.ts';
import { EntryPartyFields, type NewSupplier } from './entry/entry-party-fields.tsx';
import { EntryPlanFields } from './entry/entry-plan-fields.tsx';
import { PendingAttachments, uploadPendingAttachments } from './entry/pending-attachments.tsx';
import { ReadDocumentButton } from './read-document-button.tsx';
import { RegisterSelect } from './register-select.tsx';
import { Select } from './select.tsx';
import { ScrollDialog } from '../../../components/ui/scroll-dialog.tsx';
import { DateField } from '../../../components/form/date-field.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';

const WORDS = {
  payable: { party: 'Fornecedor', partyPerson: 'Fornecedor (pessoa)', new: 'Nova conta a pagar' },
  receivable: { party: 'Cliente', partyPerson: 'Cliente (pessoa)', new: 'Nova conta a receber' },
} as const;

/**
 * New or edit a payable/receivable: installments and recurrence when new; attachments chosen
 * before the first save are uploaded onto the entry right after it is created (decision 0195); a
 * new payable can be filled by the AI reading of its boleto or nota fiscal (ai.invoice_reading).
 */
export function EntryDialog({ open, onOpenChange, kind, registers, entry }: { open: boolean; onOpenChange: (open: boolean) => void; kind: EntryKind; registers: FinRegisters; entry?: FinEntryDetail | null }) {
  const queryClient = useQueryClient();
  const editing = !!entry;
  const [draft, setDraft] = useState<EntryDraft>(() => draftOf(entry));
  const set: SetDraft = (key, value) => setDraft((d) => ({ ...d, [key]: value }));
  const { submit: send, pending, error, setError } = useSubmit(async () => {
    if (editing) {
      await updateEntry(entry.id, entryFields(draft));
      toast.success('Lançamento atualizado.');
    } else {
      const { recurrence } = preview;
      const { entries } = await createEntry({
        kind,
        ...entryFields(draft),
        installments: draft.plan === 'installments' ? draft.count : 1,
        recurrence,
        ...(recurrence !== 'none' ? { occurrences: draft.count } : {}),
      });
      if (attachments.length > 0 && entries[0]) await uploadPendingAttachments(entries[0].id, attachments, readFileId);
      toast.success(entries.length > 1 ? `${entries.length} lançamentos criados.` : 'Lançamento criado.');
    }
    await queryClient.invalidateQueries({ queryKey: financeKeys.entries });
    onOpenChange(false);
  }, 'Não foi possível salvar. Tente novamente.');
  const [attachments, setAttachments] = useState<File[]>([]);
  const [readFileId, setReadFileId] = useState<string | null>(null);
  const [newSupplier, setNewSupplier] = useState<NewSupplier | null>(null);

  useEffect(() => {
    if (!open) return;
    setError(null);
    setDraft(draftOf(entry));
    setAttachments([]);
    setReadFileId(null);
    setNewSupplier(null);
  }, [open, entry, setError]);

  /** The AI's reading fills what it found; the PDF joins the attachments; a new supplier is offered. */
  const applyReading = (reading: DocumentReading, fileId: string, file: File | null) => {
    setDraft((d) => ({
      ...d,
      amount: reading.amountCents ?? d.amount,
      dueDate: reading.dueDate || d.dueDate,
      barcode: reading.barcode || d.barcode,
      documentNumber: reading.documentNumber || d.documentNumber,
      description: reading.description && !d.description.trim() ? reading.description : d.description,
      ...(reading.organizationId ? { partyKind: 'organizations', party: { id: reading.organizationId, label: reading.supplierName ?? formatCnpj(reading.supplierCnpj ?? ''), detail: reading.supplierCnpj } } : {}),
    }));
    if (reading.organizationId) setNewSupplier(null);
    else if (reading.supplierCnpj) setNewSupplier({ cnpj: reading.supplierCnpj, name: reading.supplierName });
    setReadFileId(fileId);
    if (file) setAttachments((list) => (list.includes(file) ? list : [...list, file]));
    toast.success('Documento lido: confira os campos preenchidos antes de salvar.');
  };

  const preview = planPreview(draft, editing);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = draftProblem(draft, preview);
    setError(problem);
    if (problem) return;
    await send();
  };

  const words = WORDS[kind];
  const { plan } = draft;
  return (
    <ScrollDialog wide open={open} onOpenChange={onOpenChange} title={editing ? `Editar ${KIND_LABELS[kind].toLowerCase()}` : words.new}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        {error && <FormAlert title={error} />}
        {!editing && kind === 'payable' && (
          <fieldset className="grid gap-2 rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium text-slate-800">Preencher pelo boleto ou nota fiscal (IA)</legend>
            <ReadDocumentButton onRead={applyReading} />
          </fieldset>
        )}
        <Field label="Descrição">
          <Input value={draft.description} onChange={(e) => set('description', e.target.value)} maxLength={200} required />
        </Field>
        <div className="grid items-start gap-4 sm:grid-cols-3">
          <Field label={plan === 'installments' ? 'Valor total (R$)' : 'Valor (R$)'}>
            <MoneyInput cents={draft.amount} onCents={(cents) => set('amount', cents)} required />
          </Field>
          <DateField label={plan === 'installments' ? 'Vencimento da 1ª parcela' : 'Vencimento'} value={draft.dueDate} onChange={(d) => set('dueDate', d)} min="2000-01-01" max="2099-12-31" required />
          <DateField label="Competência" hint="Mês do resultado (DRE). Vazio: o vencimento." value={draft.competenceDate} onChange={(d) => set('competenceDate', d)} min="2000-01-01" max="2099-12-31" />
        </div>
        <DueHint dueDate={draft.dueDate} />
        {!editing && <EntryPlanFields draft={draft} set={set} preview={preview} />}
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field label="Categoria">
            <Select value={draft.categoryId} onChange={(e) => set('categoryId', e.target.value)}>
              <option value="">Sem categoria</option>
              <CategoryOptions categories={registers.categories} kind={kind === 'payable' ? 'expense' : 'income'} />
            </Select>
          </Field>
          <RegisterSelect label="Conta prevista" none="Nenhuma" items={registers.accounts} value={draft.accountId} onChange={(id) => set('accountId', id)} />
          <RegisterSelect label="Centro de custo" none="Nenhum" items={registers.costCenters} value={draft.costCenterId} onChange={(id) => set('costCenterId', id)} />
          <Field label="Nº do documento">
            <Input value={draft.documentNumber} onChange={(e) => set('documentNumber', e.target.value)} maxLength={60} />
          </Field>
        </div>
        <EntryPartyFields
          words={words}
          draft={draft}
          newSupplier={newSupplier}
          onError={setError}
          onParty={(partyKind, party) => setDraft((d) => ({ ...d, partyKind, party }))}
          onSupplierRegistered={(party) => {
            setDraft((d) => ({ ...d, partyKind: 'organizations', party }));
            setNewSupplier(null);
          }}
        />
        <Field label="Linha digitável do boleto" hint="Opcional. Os números são conferidos pelos dígitos verificadores.">
          <Input value={draft.barcode} onChange={(e) => set('barcode', e.target.value)} inputMode="numeric" maxLength={60} />
        </Field>
        <Field label="Observações">
          <textarea value={draft.notes} onChange={(e) => set('notes', e.target.value)} maxLength={2000} rows={2} className="w-full rounded-[var(--radius-ui)] border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-[var(--color-accent)]" />
        </Field>
        {editing ? (
          <>
            {kind === 'receivable' && <EntryInvoice entryId={entry.id} entryOpen={entry.status !== 'cancelled'} />}
            <FileManager entityType="fin_entry" entityId={entry.id} kinds={['document', 'image']} title="Anexos (boleto, nota fiscal)" emptyText="Nenhum anexo. Arraste o boleto ou a nota fiscal para cá." />
          </>
        ) : (
          <PendingAttachments files={attachments} onChange={setAttachments} onError={setError} installments={plan !== 'single'} />
        )}
        <FormActions onCancel={() => onOpenChange(false)} pending={pending} submitLabel={editing ? 'Salvar alterações' : 'Salvar'} stacked />
      </form>
    </ScrollDialog>
  );
}
