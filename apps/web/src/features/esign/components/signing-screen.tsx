import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, FileSignature, LinkIcon, XCircle } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { SIGNER_ROLE_LABELS } from '@sede/shared/esign/labels';
import type { PublicSigningView } from '@sede/shared/esign/schemas';
import { day } from '@sede/shared/format';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { esignKeys } from '../api/keys.ts';
import { signingDocumentUrl, useSigning } from '../api/signing.ts';
import { CodeStep } from './code-step.tsx';
import { PdfPages } from '../../../components/esign/pdf-pages.tsx';
import { SignStep } from './sign-step.tsx';
import { type FieldValues, SignerFieldsOverlay } from './signer-fields.tsx';

// Only a signer who refuses needs the dialog (decision 0630).
const RefuseDialog = lazy(() => import('./refuse-dialog.tsx').then((m) => ({ default: m.RefuseDialog })));

/**
 * The signer's screen of /assinar/:token, without an account (decision 0551): read the whole
 * document, confirm identity by a code to the e-mail, type or draw, accept, done; or refuse.
 * No router in it: the page loads as an entry of its own (decision 0630) and inside the app.
 */
export function SigningScreen({ token }: { token: string }) {
  const view = useSigning(token);
  return (
    <main className="min-h-dvh bg-slate-100">
      <div className="mx-auto grid w-full max-w-3xl gap-4 px-3 py-5 sm:px-6 sm:py-8">
        {view.isPending ? (
          <p role="status" className="text-sm text-slate-700">
            Carregando o documento…
          </p>
        ) : view.isError ? (
          <DeadLink error={view.error} />
        ) : (
          <Signing token={token} view={view.data} />
        )}
      </div>
    </main>
  );
}

function DeadLink({ error }: { error: Error }) {
  const known = error instanceof ApiError && [404, 410, 429].includes(error.status);
  return (
    <section className="grid justify-items-start gap-3 rounded-xl border border-slate-200 bg-white p-5">
      <LinkIcon className="size-6 text-slate-600" aria-hidden />
      <h1 className="text-xl font-semibold text-slate-900">Não foi possível abrir este link</h1>
      <p role="alert" className="text-sm text-red-700">
        {known ? error.message : 'Tente de novo em instantes.'}
      </p>
      <p className="text-sm text-slate-700">Se ainda precisa assinar, peça um novo link a quem enviou o documento.</p>
    </section>
  );
}

function Signing({ token, view }: { token: string; view: PublicSigningView }) {
  const queryClient = useQueryClient();
  const [refusing, setRefusing] = useState(false);
  const [values, setValues] = useState<FieldValues>({});
  const reload = () => void queryClient.invalidateQueries({ queryKey: esignKeys.signing(token) });
  const approving = view.signer.role === 'aprovar';
  return (
    <>
      <header className="grid gap-1">
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <FileSignature className="size-4" aria-hidden />
          {`${view.senderName ? `${view.senderName}, de ` : ''}${view.companyName}, pede que você ${approving ? 'aprove' : 'assine'}`}
        </p>
        <h1 className="break-words text-2xl font-semibold text-slate-900">{view.envelopeTitle}</h1>
        <p className="text-sm text-slate-600">{`${view.signer.name} · ${SIGNER_ROLE_LABELS[view.signer.role]} · ${view.documentPages} ${view.documentPages === 1 ? 'página' : 'páginas'} · até ${day(view.expiresOn)}`}</p>
        {view.message && <p className="mt-2 rounded-lg bg-white p-3 text-sm text-slate-800">{view.message}</p>}
      </header>

      <Outcome view={view} />

      <section aria-label="Documento" className="grid gap-2">
        <PdfPages
          url={signingDocumentUrl(token)}
          title={view.envelopeTitle}
          overlay={view.fields.length && view.state === 'assinar' ? (n) => <SignerFieldsOverlay fields={view.fields} page={n} values={values} name={view.signer.name} /> : undefined}
        />
        <p className="break-all text-xs text-slate-600">{`SHA-256 do documento: ${view.documentSha256}`}</p>
      </section>

      {view.state === 'confirmar_codigo' && <CodeStep token={token} email={view.signer.email} onConfirmed={reload} />}
      {view.state === 'assinar' && <SignStep token={token} name={view.signer.name} approving={approving} onSigned={reload} fields={view.fields} values={values} onValues={setValues} />}
      {(view.state === 'confirmar_codigo' || view.state === 'assinar') && (
        <div className="flex justify-end">
          <Button variant="ghost" onClick={() => setRefusing(true)}>
            Recusar assinar
          </Button>
        </div>
      )}
      {refusing && (
        <Suspense fallback={null}>
          <RefuseDialog token={token} open={refusing} onOpenChange={setRefusing} onRefused={reload} />
        </Suspense>
      )}
    </>
  );
}

const outcomeText = (view: PublicSigningView) =>
  view.finalizing
    ? 'Todos assinaram. O documento está sendo finalizado: em instantes você recebe por e-mail o PDF assinado e selado.'
    : view.verificationCode
      ? 'Todos assinaram: você recebeu por e-mail o PDF assinado e selado.'
      : 'Quando todos assinarem, você recebe por e-mail o PDF assinado e selado.';

/** What the signer reads when there is nothing left to do: signed, refused, locked or closed. */
function Outcome({ view }: { view: PublicSigningView }) {
  if (view.state === 'assinado')
    return (
      <section role="status" className="grid gap-2 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-950">
        <p className="flex items-center gap-2 text-lg font-semibold">
          <CheckCircle2 className="size-5" aria-hidden /> {view.finalizing ? 'Assinatura registrada' : view.signer.role === 'aprovar' ? 'Documento aprovado' : 'Documento assinado'}
        </p>
        <p className="text-sm">{outcomeText(view)}</p>
        {view.verificationCode && (
          <a href={`/verificar/${view.verificationCode}`} className="w-fit text-sm font-medium underline">
            {`Verificar o documento (${view.verificationCode})`}
          </a>
        )}
      </section>
    );
  if (view.state === 'recusado')
    return (
      <section role="status" className="flex items-center gap-2 rounded-xl border border-red-200 bg-red-50 p-4 text-red-950">
        <XCircle className="size-5" aria-hidden /> Você recusou assinar este documento. Quem enviou foi avisado.
      </section>
    );
  if (view.state === 'bloqueado' || view.state === 'encerrado')
    return (
      <section role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
        {view.stateMessage}
      </section>
    );
  return null;
}
