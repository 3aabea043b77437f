import { useQueryClient } from '@tanstack/react-query';
import { Ban, LayoutTemplate, Send } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { actsOnEnvelope, type EnvelopeView, FINISHED_STATUSES, SIGNING_ORDER_LABELS } from '@sede/shared/esign/schemas';
import { day } from '@sede/shared/format';
import { fileContentUrl } from '../../../components/files/files-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { DetailHeader } from '../../../components/ui/detail-header.tsx';
import { RecordStates } from '../../../components/ui/record-states.tsx';
import { can, grantsFor } from '@sede/shared/registry/permissions';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { cancelEnvelope, sendEnvelope } from '../api/envelope-actions.ts';
import { saveFields } from '../api/fields.ts';
import { useEnvelope } from '../api/get-envelope.ts';
import { esignKeys } from '../api/keys.ts';
import { EnvelopeActivity } from '../components/envelope-activity.tsx';
import { EnvelopeDocument } from '../components/envelope-document.tsx';
import { EnvelopeSealing } from '../components/envelope-sealing.tsx';
import { EnvelopeSigners } from '../components/envelope-signers.tsx';
import { SaveTemplateDialog } from '../components/save-template-dialog.tsx';
import { EnvelopeStatusBadge } from '../components/status-badge.tsx';

/** The field editor brings pdf.js and dnd-kit: a chunk of its own, loaded only for a draft with its PDF (decision 0590). */
const FieldEditor = lazy(() => import('../../../components/esign/field-editor.tsx'));

/** /juridico/assinaturas/:envelopeId: the envelope live (status, signers, evidence), sending, cancelling, the signed PDF. */
export default function EnvelopePage() {
  const { envelopeId = '' } = useParams();
  const envelope = useEnvelope(envelopeId);
  useLiveInvalidate('signature_envelope', esignKeys.envelope(envelopeId));
  return (
    <RecordStates query={envelope} loading="Carregando o envelope…" notFound="Envelope não encontrado." failed="Não foi possível carregar o envelope." back={{ to: '/juridico/assinaturas', label: 'Voltar aos envelopes' }}>
      {(e) => <Envelope e={e} />}
    </RecordStates>
  );
}

function Envelope({ e }: { e: EnvelopeView }) {
  const queryClient = useQueryClient();
  const { membership } = useAuth();
  const canWrite = can(grantsFor(membership), 'legal.write');
  const confirm = useConfirm();
  const [savingTemplate, setSavingTemplate] = useState(false);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: esignKeys.envelope(e.id) });
    void queryClient.invalidateQueries({ queryKey: esignKeys.envelopes });
  };
  const send = useSubmit(async () => {
    await sendEnvelope(e.id);
    toast.success('Envelope enviado: os signatários receberam o link por e-mail.');
    refresh();
  }, 'Não foi possível enviar o envelope.');
  const cancel = useSubmit(async () => {
    const ok = await confirm.ask({ title: 'Cancelar o envelope?', description: 'Os links deixam de funcionar e ninguém mais pode assinar. Esta ação não pode ser desfeita.', confirmLabel: 'Cancelar envelope', destructive: true });
    if (!ok) return;
    await cancelEnvelope(e.id);
    toast.success('Envelope cancelado.');
    refresh();
  }, 'Não foi possível cancelar o envelope.');
  const open = !FINISHED_STATUSES.includes(e.status);

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <DetailHeader
        back={{ to: '/juridico/assinaturas', label: 'Envelopes' }}
        title={e.title}
        badges={<EnvelopeStatusBadge status={e.status} sealingFailed={e.sealingFailed} />}
        subtitle={`${SIGNING_ORDER_LABELS[e.signingOrder]} · expira em ${day(e.expiresOn)}${e.message ? ` · “${e.message}”` : ''}`}
        actions={
          canWrite ? (
            <>
              {e.status === 'rascunho' && (
                <Button onClick={() => void send.submit()} pending={send.pending} disabled={!e.documentFileId}>
                  <Send aria-hidden /> Enviar para assinatura
                </Button>
              )}
              {e.documentFileId && (
                <Button variant="secondary" onClick={() => setSavingTemplate(true)}>
                  <LayoutTemplate aria-hidden /> Salvar como modelo
                </Button>
              )}
              {open && (
                <Button variant="secondary" onClick={() => void cancel.submit()} pending={cancel.pending}>
                  <Ban aria-hidden /> Cancelar envelope
                </Button>
              )}
            </>
          ) : null
        }
      />
      {(send.error || cancel.error) && <p role="alert" className="text-sm text-red-700">{send.error ?? cancel.error}</p>}
      <EnvelopeSealing envelope={e} canWrite={canWrite} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="grid content-start gap-4">
          <EnvelopeDocument envelope={e} canWrite={canWrite} onChanged={refresh} />
          <EnvelopeSigners envelope={e} canWrite={canWrite} onChanged={refresh} />
        </div>
        <EnvelopeActivity events={e.events} />
      </div>
      {canWrite && e.status === 'rascunho' && e.documentFileId && (
        <Suspense fallback={<p role="status" className="text-sm text-slate-600">Carregando o editor de campos…</p>}>
          <FieldEditor
            key={e.documentFileId}
            title={e.title}
            documentUrl={`${fileContentUrl(e.documentFileId)}?inline=1`}
            pages={e.documentPages ?? 1}
            people={e.signers.filter((s) => actsOnEnvelope(s.role)).map((s) => ({ id: s.id, name: s.name, short: s.name.split(' ')[0] ?? s.name }))}
            fields={e.fields}
            save={(fields) => saveFields(e.id, fields)}
            onSaved={refresh}
          />
        </Suspense>
      )}
      {e.status !== 'rascunho' && e.fields.length > 0 && <p className="text-sm text-slate-600">{`${e.fields.length} ${e.fields.length === 1 ? 'campo posicionado' : 'campos posicionados'} no documento (travados após o envio).`}</p>}
      {savingTemplate && <SaveTemplateDialog envelope={e} onClose={() => setSavingTemplate(false)} />}
      {confirm.dialog}
    </div>
  );
}
