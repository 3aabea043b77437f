import { useQueryClient } from '@tanstack/react-query';
import { Download, FilePlus, Pencil, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { actsOnEnvelope, SIGNER_ROLE_LABELS, SIGNING_ORDER_LABELS } from '@sede/shared/esign/schemas';
import type { TemplateView } from '@sede/shared/esign/templates';
import { count } from '@sede/shared/format';
import { can, grantsFor } from '@sede/shared/registry/permissions';
import { fileContentUrl } from '../../../components/files/files-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { DetailHeader } from '../../../components/ui/detail-header.tsx';
import { RecordStates } from '../../../components/ui/record-states.tsx';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { esignKeys } from '../api/keys.ts';
import { attachTemplateDocument, deleteTemplate, saveTemplateFields, useTemplate } from '../api/templates.ts';
import { PdfUploadForm } from '../components/pdf-upload-form.tsx';
import { TemplateSettingsDialog } from '../components/template-settings-dialog.tsx';
import { UseTemplateDialog } from '../components/use-template-dialog.tsx';
import { DocumentCard } from '../components/document-card.tsx';

/** The field editor's chunk (pdf.js, dnd-kit), as on the envelope's page (decision 0590). */
const FieldEditor = lazy(() => import('../../../components/esign/field-editor.tsx'));
const LIST = '/juridico/assinaturas?aba=modelos';
const fieldsCount = (n: number) => `${count(n)} ${n === 1 ? 'campo' : 'campos'}`;

/** /juridico/assinaturas/modelos/:templateId: a template's PDF, roles and fields placed once (decision 0620); 'Usar modelo', 'Editar modelo' (decision 0624), 'Excluir'. */
export default function TemplatePage() {
  const { templateId = '' } = useParams();
  const template = useTemplate(templateId);
  return (
    <RecordStates query={template} loading="Carregando o modelo…" notFound="Modelo não encontrado." failed="Não foi possível carregar o modelo." back={{ to: LIST, label: 'Voltar aos modelos' }}>
      {(t) => <Template t={t} />}
    </RecordStates>
  );
}

function Template({ t }: { t: TemplateView }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { membership } = useAuth();
  const grants = grantsFor(membership);
  const canWrite = can(grants, 'legal.write');
  const confirm = useConfirm();
  const [using, setUsing] = useState(false);
  const [editing, setEditing] = useState(false);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: esignKeys.template(t.id) });
    void queryClient.invalidateQueries({ queryKey: esignKeys.templates });
  };
  const remove = useSubmit(async () => {
    const ok = await confirm.ask({ title: 'Excluir o modelo?', description: 'Os envelopes já criados a partir dele continuam como estão.', confirmLabel: 'Excluir modelo', destructive: true });
    if (!ok) return;
    await deleteTemplate(t.id);
    toast.success('Modelo excluído.');
    await queryClient.invalidateQueries({ queryKey: esignKeys.templates });
    void navigate(LIST);
  }, 'Não foi possível excluir o modelo.');
  const acting = t.slots.filter((s) => actsOnEnvelope(s.role));

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <DetailHeader
        back={{ to: LIST, label: 'Modelos' }}
        title={t.name}
        subtitle={`${SIGNING_ORDER_LABELS[t.signingOrder]} · prazo de ${count(t.expiresInDays)} dias para assinar · ${t.remindEveryDays === null ? 'sem lembretes' : `lembrete a cada ${count(t.remindEveryDays)} ${t.remindEveryDays === 1 ? 'dia' : 'dias'}`} · envelopes com o título “${t.title}”`}
        actions={
          canWrite ? (
            <>
              <Button onClick={() => setUsing(true)} disabled={!t.documentFileId}>
                <FilePlus aria-hidden /> Usar modelo
              </Button>
              <Button variant="secondary" onClick={() => setEditing(true)}>
                <Pencil aria-hidden /> Editar modelo
              </Button>
              {can(grants, 'legal.delete') && (
                <Button variant="secondary" onClick={() => void remove.submit()} pending={remove.pending}>
                  <Trash2 aria-hidden /> Excluir
                </Button>
              )}
            </>
          ) : null
        }
      />
      {remove.error && <p role="alert" className="text-sm text-red-700">{remove.error}</p>}
      <div className="grid gap-4 lg:grid-cols-2">
        <TemplateDocument t={t} canWrite={canWrite} onChanged={refresh} />
        <Card>
          <CardHeader>
            <CardTitle>Papéis, na ordem</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="grid gap-1 text-sm">
              {t.slots.map((s, i) => (
                <li key={s.id} className="flex flex-wrap justify-between gap-2 border-b border-slate-100 py-1 last:border-0">
                  <span className="font-medium text-slate-900">{`${i + 1}º · ${s.label}`}</span>
                  <span className="text-slate-600">{`${SIGNER_ROLE_LABELS[s.role]} · ${fieldsCount(t.fields.filter((f) => f.signerId === s.id).length)}`}</span>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
      </div>
      {canWrite && t.documentFileId && t.documentPages && (
        <Suspense fallback={<p role="status" className="text-sm text-slate-600">Carregando o editor de campos…</p>}>
          <FieldEditor
            key={t.documentFileId}
            title={t.name}
            documentUrl={`${fileContentUrl(t.documentFileId)}?inline=1`}
            pages={t.documentPages}
            people={acting.map((s) => ({ id: s.id, name: s.label, short: s.label }))}
            fields={t.fields}
            save={(fields) => saveTemplateFields(t.id, fields)}
            onSaved={refresh}
          />
        </Suspense>
      )}
      {using && <UseTemplateDialog template={t} onClose={() => setUsing(false)} />}
      {editing && <TemplateSettingsDialog template={t} onClose={() => setEditing(false)} />}
      {confirm.dialog}
    </div>
  );
}

/** The template's PDF: its name and pages, or the upload while it has none (a PDF with as many pages replaces it once fields are placed). */
function TemplateDocument({ t, canWrite, onChanged }: { t: TemplateView; canWrite: boolean; onChanged: () => void }) {
  return (
    <DocumentCard>
      {t.documentFileId && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-slate-900">{`${t.documentName ?? 'PDF'} · ${count(t.documentPages ?? 0)} ${t.documentPages === 1 ? 'página' : 'páginas'}`}</p>
          <Button variant="secondary" size="sm" asChild>
            <a href={`${fileContentUrl(t.documentFileId)}?inline=1`} target="_blank" rel="noreferrer">
              <Download aria-hidden /> Ver PDF
            </a>
          </Button>
        </div>
      )}
      {canWrite && (
        <PdfUploadForm
          label={t.documentFileId ? 'Trocar o PDF (mesmo número de páginas)' : 'PDF do modelo'}
          secondary={Boolean(t.documentFileId)}
          upload={async (file) => {
            await attachTemplateDocument(t.id, file);
            onChanged();
          }}
        />
      )}
    </DocumentCard>
  );
}
