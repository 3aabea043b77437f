import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { ESIGN_LIMITS, SIGNING_ORDER_LABELS, type SigningOrder } from '@sede/shared/esign/schemas';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import { DateField } from '../../../components/form/date-field.tsx';
import { entityFilesQueryOptions } from '../../../components/files/files-api.ts';
import { Field } from '../../../components/ui/field.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { Input, inputClass } from '../../../components/ui/input.tsx';
import { OptionSelect } from '../../../components/ui/option-select.tsx';
import { ScrollDialog } from '../../../components/ui/scroll-dialog.tsx';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { attachDocument } from '../api/attach-document.ts';
import { createEnvelope } from '../api/create-envelope.ts';
import { esignKeys } from '../api/keys.ts';
import { RemindEveryControl, remindEveryError } from './remind-every-control.tsx';
import { emptySigner, type SignerDraft, SignersEditor } from '../../../components/esign/signers-editor.tsx';

/** A Jurídico contract the envelope starts from: one of its PDF files is copied into it. */
export type ContractSource = { id: string; title: string };

/**
 * 'Novo envelope': the PDF (uploaded, or a file of the contract), the signers in order, the order,
 * the expiry, the reminders and a message. Saved as a draft; the envelope's page sends it.
 */
export function NewEnvelopeDialog({ open, onOpenChange, contract }: { open: boolean; onOpenChange: (v: boolean) => void; contract?: ContractSource }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(contract?.title ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [contractFileId, setContractFileId] = useState('');
  const [signers, setSigners] = useState<SignerDraft[]>([emptySigner()]);
  const [order, setOrder] = useState<SigningOrder>('simultanea');
  const [expiresOn, setExpiresOn] = useState(addDays(todayInBrazil(), 30));
  const [message, setMessage] = useState('');
  const [remindEvery, setRemindEvery] = useState<number | null>(ESIGN_LIMITS.remindDefaultDays);
  const remindError = remindEveryError(remindEvery);
  const [progress, setProgress] = useState<number | null>(null);
  const contractFiles = useQuery({ ...entityFilesQueryOptions('contract', contract?.id ?? ''), enabled: Boolean(contract) });
  const pdfs = (contractFiles.data ?? []).filter((f) => f.mime === 'application/pdf');

  const save = useSubmit(async () => {
    const e = await createEnvelope({
      title,
      message: message || null,
      signingOrder: order,
      expiresOn,
      remindEveryDays: remindEvery,
      signers: signers.map((s) => ({ name: s.name, email: s.email, cpf: s.cpf || null, role: s.role })),
      contract: contract ? { contractId: contract.id, fileId: contractFileId } : null,
    });
    await queryClient.invalidateQueries({ queryKey: esignKeys.envelopes });
    if (!contract && file) {
      try {
        await attachDocument(e.id, file, setProgress);
      } catch (err) {
        // The draft stays: its page offers the upload again, with the reason.
        toast.error(err instanceof Error ? err.message : 'Não foi possível enviar o PDF.');
      }
    }
    onOpenChange(false);
    void navigate(`/juridico/assinaturas/${e.id}`);
  }, 'Não foi possível criar o envelope.');

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    if (!contract && !file) return save.setError('Escolha o PDF a assinar.');
    if (contract && !contractFileId) return save.setError('Escolha um arquivo do contrato.');
    if (remindError) return save.setError(remindError);
    void save.submit();
  };

  return (
    <ScrollDialog open={open} onOpenChange={onOpenChange} title="Novo envelope" description="O envelope fica em rascunho até você enviá-lo. Cada signatário recebe um link só seu por e-mail." wide>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <Field label="Título">
          <Input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={160} placeholder="Ex.: Contrato de prestação de serviços" />
        </Field>
        {contract ? (
          <Field label="Arquivo do contrato" hint={pdfs.length ? undefined : 'Envie o PDF do contrato em “Arquivos do contrato” primeiro.'}>
            <OptionSelect none="Escolha o PDF" options={pdfs.map((f) => ({ value: f.id, label: f.name }))} value={contractFileId} onChange={(e) => setContractFileId(e.target.value)} />
          </Field>
        ) : (
          <Field label="Documento (PDF)" hint="Até 50 MB. Documentos do Word: salve como PDF antes.">
            <Input type="file" accept="application/pdf,.pdf" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </Field>
        )}
        <SignersEditor signers={signers} onChange={setSigners} />
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <span className="text-sm font-medium text-slate-900">Ordem das assinaturas</span>
            <SegmentedControl label="Ordem das assinaturas" options={[['simultanea', SIGNING_ORDER_LABELS.simultanea], ['sequencial', SIGNING_ORDER_LABELS.sequencial]]} value={order} onChange={setOrder} />
          </div>
          <DateField label="Expira em" value={expiresOn} onChange={setExpiresOn} min={addDays(todayInBrazil(), 1)} />
        </div>
        <RemindEveryControl value={remindEvery} onChange={setRemindEvery} error={remindError} />
        <Field label="Mensagem aos signatários (opcional)">
          <textarea className={`${inputClass} h-20`} value={message} onChange={(e) => setMessage(e.target.value)} maxLength={2000} />
        </Field>
        {progress !== null && save.pending && <p role="status" className="text-sm text-slate-600">{`Enviando o PDF… ${Math.round(progress * 100)}%`}</p>}
        <FormActions error={save.error} onCancel={() => onOpenChange(false)} pending={save.pending} submitLabel="Criar rascunho" />
      </form>
    </ScrollDialog>
  );
}
