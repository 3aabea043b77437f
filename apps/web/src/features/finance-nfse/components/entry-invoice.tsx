import { useQueryClient } from '@tanstack/react-query';
import { dateTime } from '@sede/shared/format';
import { NFSE_MESSAGES, type NfseRejection } from '@sede/shared/finance/nfse';
import { can, grantsFor } from '@sede/shared/registry/permissions';
import { FileCode2, FileText, ReceiptText } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormActions, FormError } from '../../../components/ui/form-actions.tsx';
import { inputClass } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { cancelInvoice, issueInvoice, useInvoice } from '../api/invoice.ts';
import { nfseKeys } from '../api/keys.ts';
import { InvoiceDeliveries } from './invoice-deliveries.tsx';
import { useNfseSettings } from '../api/settings.ts';

const fileUrl = (id: string) => `/api/files/${id}/content`;

function Rejections({ error, rejections }: { error: string; rejections: NfseRejection[] }) {
  return (
    <div role="alert" className="grid gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-medium">{error}</p>
      <ul className="grid gap-1.5">
        {rejections.map((r) => (
          <li key={r.code + r.description}>
            <span className="font-mono text-xs">{r.code}</span> — {r.description}
            {r.hint && <span className="block text-red-800">O que fazer: {r.hint}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}

function CancelDialog({ entryId, open, onClose }: { entryId: string; open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The dialog is portalled, but React bubbles its submit to the receivable's own form around it: stop it here.
    e.stopPropagation();
    if (reason.trim().length < 15) return setError(NFSE_MESSAGES.cancelReason);
    setPending(true);
    setError(null);
    try {
      await cancelInvoice(entryId, reason.trim());
      toast.success('Nota fiscal cancelada.');
      await queryClient.invalidateQueries({ queryKey: nfseKeys.invoice(entryId) });
      setReason('');
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Não foi possível cancelar a nota.');
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title="Cancelar nota fiscal" description="O cancelamento é enviado à Sefin Nacional como evento e não pode ser desfeito.">
      <form onSubmit={submit} className="grid gap-3" noValidate>
        <Field label="Motivo do cancelamento" hint="De 15 a 255 caracteres.">
          <textarea className={`${inputClass} min-h-24 py-2`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={255} />
        </Field>
        <FormActions error={error} onCancel={onClose} submitLabel="Cancelar nota" submitVariant="destructive" pending={pending} stacked />
      </form>
    </Dialog>
  );
}

/** A receivable's NFS-e: 'Emitir nota', its status and number, the XML and DANFSe, 'Cancelar nota'. */
export function EntryInvoice({ entryId, entryOpen }: { entryId: string; entryOpen: boolean }) {
  const queryClient = useQueryClient();
  const { membership } = useAuth();
  const mayWrite = can(grantsFor(membership), 'finance.write');
  useLiveInvalidate('fin_entry', nfseKeys.invoice(entryId));
  const { data, isLoading } = useInvoice(entryId);
  const settings = useNfseSettings().data?.settings ?? null;
  const [serviceCode, setServiceCode] = useState('');
  const [issuing, setIssuing] = useState(false);
  const [failure, setFailure] = useState<{ error: string; rejections: NfseRejection[] } | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const invoice = data?.invoice ?? null;
  const live = invoice?.status === 'authorized';

  const issue = async () => {
    setIssuing(true);
    setFailure(null);
    try {
      const done = await issueInvoice(entryId, serviceCode ? { serviceCode } : {});
      toast.success(`Nota fiscal nº ${done.number} emitida.`);
      await queryClient.invalidateQueries({ queryKey: nfseKeys.invoice(entryId) });
    } catch (err) {
      const rejections = err instanceof ApiError && Array.isArray(err.body?.rejections) ? (err.body.rejections as NfseRejection[]) : [];
      setFailure({ error: err instanceof ApiError ? err.message : 'Não foi possível emitir a nota.', rejections });
    } finally {
      setIssuing(false);
    }
  };

  return (
    <section aria-labelledby="nfse-title" className="grid gap-3 rounded-lg border border-slate-200 p-4">
      <h3 id="nfse-title" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <ReceiptText aria-hidden className="size-4 text-slate-500" /> Nota fiscal (NFS-e)
      </h3>
      {isLoading ? (
        <Spinner label="Carregando…" />
      ) : (
        <>
          {invoice && (
            <div className="grid gap-2 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                {live ? <Badge tone="bg-emerald-100 text-emerald-900">Emitida</Badge> : <Badge tone="bg-slate-200 text-slate-800">Cancelada</Badge>}
                <span>
                  Nº {invoice.number} · série {invoice.serie} · {dateTime(invoice.issuedAt)}
                </span>
                {invoice.environment === 'restricted' && <Badge tone="bg-amber-100 text-amber-900">Produção restrita</Badge>}
              </div>
              <p className="break-all font-mono text-xs text-slate-600">Chave de acesso: {invoice.accessKey}</p>
              {invoice.cancelReason && <p className="text-slate-600">Motivo do cancelamento: {invoice.cancelReason}</p>}
              <div className="flex flex-wrap gap-2">
                {invoice.pdfFileId && (
                  <Button asChild variant="secondary" size="sm">
                    <a href={`${fileUrl(invoice.pdfFileId)}?inline=1`} target="_blank" rel="noreferrer">
                      <FileText aria-hidden /> DANFSe (PDF)
                    </a>
                  </Button>
                )}
                {invoice.xmlFileId && (
                  <Button asChild variant="secondary" size="sm">
                    <a href={fileUrl(invoice.xmlFileId)}>
                      <FileCode2 aria-hidden /> XML da nota
                    </a>
                  </Button>
                )}
                {live && mayWrite && (
                  <Button type="button" variant="ghost" size="sm" onClick={() => setCancelling(true)}>
                    Cancelar nota
                  </Button>
                )}
              </div>
              <InvoiceDeliveries entryId={entryId} live={live} mayWrite={mayWrite} />
            </div>
          )}
          {!live && mayWrite && (
            <div className="flex flex-wrap items-end gap-2">
              {settings && settings.services.length > 1 && (
                <Field label="Serviço">
                  <select className={`${inputClass} max-w-full sm:w-72`} value={serviceCode} onChange={(e) => setServiceCode(e.target.value)}>
                    {settings.services.map((s, i) => (
                      <option key={s.code} value={i === 0 ? '' : s.code}>
                        {s.code} — {s.description}
                      </option>
                    ))}
                  </select>
                </Field>
              )}
              <Button type="button" onClick={issue} pending={issuing} disabled={!entryOpen}>
                {issuing ? 'Emitindo…' : 'Emitir nota'}
              </Button>
            </div>
          )}
          {!invoice && !mayWrite && <p className="text-sm text-slate-600">Nenhuma nota emitida.</p>}
          {failure && (failure.rejections.length ? <Rejections {...failure} /> : <FormError error={failure.error} />)}
        </>
      )}
      <CancelDialog entryId={entryId} open={cancelling} onClose={() => setCancelling(false)} />
    </section>
  );
}
