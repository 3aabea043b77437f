import { Upload } from 'lucide-react';
import { UploadFailures, UploadProgress } from '../../../../components/files/upload-status.tsx';
import { DuplicateOffers } from './duplicate-offers.tsx';
import type { MaterialUploads } from './use-material-uploads.ts';

/** What is happening to the files: the drop zone while dragging, each upload's progress, the failures and the repeated files. */
export function UploadQueue({ uploads, dragging, folderName }: { uploads: MaterialUploads; dragging: boolean; folderName: string | undefined }) {
  const typed = uploads.tags.typed;
  return (
    <>
      {dragging && (
        <div className="flex items-center justify-center gap-2 rounded-xl border-2 border-dashed border-[var(--color-accent)] bg-[var(--color-accent-soft)] px-4 py-6 text-sm font-medium text-[var(--color-accent)]">
          <Upload className="size-5" aria-hidden /> Solte os arquivos para enviar{folderName ? ` para "${folderName}"` : ''}
          {typed?.length ? ` com as etiquetas: ${typed.join(', ')}` : ''}
        </div>
      )}
      {uploads.sending.length > 0 && (
        <ul className="grid gap-2 rounded-xl border border-slate-200 bg-white p-3" aria-label="Envios em andamento">
          {uploads.sending.map((s) => (
            <UploadProgress
              key={s.key}
              upload={s}
              testId="upload-progress"
              action={
                <button type="button" className="underline" onClick={() => s.abort.abort()} aria-label={`Cancelar envio de ${s.name}`}>
                  Cancelar
                </button>
              }
            />
          ))}
        </ul>
      )}
      <UploadFailures failures={uploads.failures} onDismiss={uploads.dismissFailure} testId="upload-error" />
      <DuplicateOffers offers={uploads.duplicates} onSkip={uploads.skipDuplicate} onKeep={uploads.keepDuplicate} />
    </>
  );
}
