import { Paperclip } from 'lucide-react';
import { toast } from '../../../../lib/toast.ts';
import { deleteFile, kindFor, precheck, uploadFile } from '../../../../components/files/files-api.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { ApiError } from '../../../../lib/api-client.ts';

export const ATTACHMENT_KINDS = ['document', 'image'] as const;

/**
 * The files chosen before the first save go onto the created entry (decision 0195); a failure is
 * said, the entry stays. The copy the AI read was kept on the company only for the reading.
 */
export async function uploadPendingAttachments(entryId: string, files: File[], readFileId: string | null) {
  const failed: string[] = [];
  for (const file of files) {
    try {
      await uploadFile({ entityType: 'fin_entry', entityId: entryId, kind: kindFor(file, ATTACHMENT_KINDS), file });
    } catch (err) {
      failed.push(`${file.name}: ${err instanceof ApiError ? err.message : 'falha no envio'}`);
    }
  }
  if (readFileId && failed.length === 0) await deleteFile(readFileId).catch(() => undefined);
  if (failed.length > 0) toast.error(`Lançamento salvo, mas ${failed.length === 1 ? 'um anexo não foi enviado' : 'alguns anexos não foram enviados'} (${failed.join('; ')}). Anexe de novo em Editar.`);
}

/** 'Anexos' of a new entry: files chosen now, checked at once, sent when it is saved. */
export function PendingAttachments({ files, onChange, onError, installments }: { files: File[]; onChange: (files: File[]) => void; onError: (message: string) => void; installments: boolean }) {
  return (
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
            if (refusal) return onError(`${f.name}: ${refusal}`);
          }
          onChange([...files, ...chosen]);
        }}
      />
      {files.length > 0 ? (
        <ul className="grid gap-1 text-sm" aria-label="Anexos a enviar" data-testid="pending-attachments">
          {files.map((f) => (
            <li key={`${f.name}-${f.size}-${f.lastModified}`} className="flex items-center justify-between gap-2 rounded border border-slate-200 px-2 py-1">
              <span className="truncate">{f.name}</span>
              <Button type="button" size="sm" variant="ghost" onClick={() => onChange(files.filter((x) => x !== f))}>
                Remover<span className="sr-only"> {f.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-slate-600">Enviados junto com o lançamento ao salvar{installments ? ' (ficam no primeiro lançamento)' : ''}.</p>
      )}
    </div>
  );
}
