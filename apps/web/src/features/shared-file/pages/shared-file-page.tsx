import { Download, FileText, LinkIcon } from 'lucide-react';
import { useParams } from 'react-router';
import { formatFileSize, type PublicFileView } from '@sede/shared/platform/files';
import { dateTime } from '@sede/shared/format';
import { Button } from '../../../components/ui/button.tsx';
import { FocusCard } from '../../../components/ui/focus-card.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { downloadUrl, previewUrl, useSharedFile } from '../api/shared-file.ts';

const PREVIEW_TYPE: Record<NonNullable<PublicFileView['preview']>, string> = { image: 'Imagem', video: 'Vídeo', audio: 'Áudio', pdf: 'PDF' };

/**
 * /arquivo/:token — a file shared by a link (decision 0392): who shares it, its name and size, a
 * preview when the browser can show it, and 'Baixar'. A revoked, expired or invalid link says so.
 */
export default function SharedFilePage() {
  const { token = '' } = useParams();
  const file = useSharedFile(token);
  return (
    <FocusCard wide>
      {file.isPending ? (
        <p className="text-sm text-slate-700" role="status">
          Carregando o arquivo…
        </p>
      ) : file.isError ? (
        <DeadLink error={file.error} />
      ) : (
        <SharedFile token={token} file={file.data} />
      )}
    </FocusCard>
  );
}

function DeadLink({ error }: { error: Error }) {
  const known = error instanceof ApiError && [404, 410, 429].includes(error.status);
  return (
    <div className="grid justify-items-start gap-3">
      <span className="flex size-10 items-center justify-center rounded-full bg-slate-100 text-slate-700">
        <LinkIcon className="size-5" aria-hidden />
      </span>
      <h1 className="text-xl font-semibold text-slate-900">Não foi possível abrir este arquivo</h1>
      <p role="alert" className="text-sm text-red-700" data-testid="shared-file-error">
        {known ? error.message : 'Não foi possível abrir este link agora. Tente de novo em instantes.'}
      </p>
      <p className="text-sm text-slate-700">Se ainda precisa do arquivo, peça um novo link a quem o enviou.</p>
    </div>
  );
}

function SharedFile({ token, file }: { token: string; file: PublicFileView }) {
  const src = previewUrl(token);
  const type = file.preview ? PREVIEW_TYPE[file.preview] : file.mime.split('/').pop()?.toUpperCase();
  return (
    <div className="grid gap-5">
      <div className="grid gap-1">
        {file.companyName && <p className="text-sm text-slate-700">{file.companyName} compartilhou um arquivo com você</p>}
        <h1 className="text-xl font-semibold break-words text-slate-900">{file.name}</h1>
        <p className="text-sm text-slate-700" data-testid="shared-file-facts">
          {type} · {formatFileSize(file.size)} · link válido até {dateTime(file.expiresAt)}
        </p>
      </div>

      {file.preview === 'image' ? (
        <img src={src} alt={file.name} className="max-h-[70vh] w-full rounded-lg bg-slate-50 object-contain" />
      ) : file.preview === 'video' ? (
        // biome-ignore lint/a11y/useMediaCaption: a file shared as it is, without a caption track
        <video src={src} controls preload="metadata" className="max-h-[70vh] w-full rounded-lg bg-black" aria-label={file.name} />
      ) : file.preview === 'audio' ? (
        // biome-ignore lint/a11y/useMediaCaption: a file shared as it is, without a caption track
        <audio src={src} controls className="w-full" aria-label={file.name} />
      ) : file.preview === 'pdf' ? (
        <iframe src={src} title={`Pré-visualização de ${file.name}`} className="h-[70vh] w-full rounded-lg border border-slate-200 bg-slate-50" />
      ) : (
        <div className="flex items-center gap-3 rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
          <FileText className="size-8 shrink-0 text-slate-500" aria-hidden />
          Este tipo de arquivo não tem pré-visualização: baixe-o para abrir.
        </div>
      )}

      <div className="grid gap-2 sm:flex sm:items-center sm:justify-between">
        <p className="text-xs text-slate-600">Quem tem este link pode baixar o arquivo até a data acima, sem criar conta.</p>
        <Button asChild>
          <a href={downloadUrl(token)} download={file.name}>
            <Download aria-hidden /> Baixar
          </a>
        </Button>
      </div>
    </div>
  );
}
