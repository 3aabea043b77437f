import { Download, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { EnvelopeView } from '@sede/shared/esign/schemas';
import { count } from '@sede/shared/format';
import { fileContentUrl } from '../../../components/files/files-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { attachDocument } from '../api/attach-document.ts';
import { PdfUploadForm } from './pdf-upload-form.tsx';
import { DocumentCard } from './document-card.tsx';

/** The document: the original and its hash; once signed, the sealed PDF and its verification code; in a draft without one, the upload. */
export function EnvelopeDocument({ envelope, canWrite, onChanged }: { envelope: EnvelopeView; canWrite: boolean; onChanged: () => void }) {
  return (
    <DocumentCard>
      {envelope.documentFileId ? (
        <>
          <p className="text-slate-900">
            {envelope.documentName} · {count(envelope.documentPages ?? 0)} {envelope.documentPages === 1 ? 'página' : 'páginas'}
          </p>
          <p className="break-all text-xs text-slate-600">SHA-256 do original: {envelope.documentSha256}</p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" asChild>
              <a href={`${fileContentUrl(envelope.documentFileId)}?inline=1`} target="_blank" rel="noreferrer">
                <Download aria-hidden /> Ver original
              </a>
            </Button>
            {envelope.finalFileId && (
              <Button size="sm" asChild>
                <a href={fileContentUrl(envelope.finalFileId)} download>
                  <Download aria-hidden /> Baixar PDF assinado
                </a>
              </Button>
            )}
          </div>
          {envelope.verificationCode && (
            <p className="flex flex-wrap items-center gap-1 text-slate-700">
              <ShieldCheck className="size-4 text-emerald-700" aria-hidden /> Código de verificação:
              <Link to={`/verificar/${envelope.verificationCode}`} className="font-mono font-semibold text-[var(--color-accent)] hover:underline">
                {envelope.verificationCode}
              </Link>
            </p>
          )}
        </>
      ) : canWrite && envelope.status === 'rascunho' ? (
        <PdfUploadForm
          label="PDF a assinar"
          upload={async (file) => {
            await attachDocument(envelope.id, file);
            onChanged();
          }}
        />
      ) : (
        <p className="text-slate-600">Nenhum documento.</p>
      )}
    </DocumentCard>
  );
}
