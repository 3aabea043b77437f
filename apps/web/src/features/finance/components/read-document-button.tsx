import { FileSearch, FileUp } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import type { DocumentReading } from '@sede/shared/finance/statements-schemas';
import { uploadFile } from '../../../components/files/files-api.ts';
import { newRequestId, PaidActionButton } from '../../../components/paid-action/paid-action-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { readDocument } from '../api/statements-read-document.ts';

/**
 * 'Ler boleto ou nota fiscal' (ai.invoice_reading) for the payable's form (decision 0178): the
 * person picks a PDF (or the form passes a file already uploaded), the platform's files keep it
 * (on the entry when `entity` is given, else on the company), the AI reads it, and `onRead`
 * receives the fields to fill plus the file's id and the chosen file, so the form can attach it
 * to the entry it saves (decision 0195).
 */
export function ReadDocumentButton({
  onRead,
  entity,
  fileId: givenFileId,
}: { onRead: (reading: DocumentReading, fileId: string, file: File | null) => void; entity?: { type: string; id: string }; fileId?: string }) {
  const { company } = useAuth();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [uploadedId, setUploadedId] = useState<string | null>(givenFileId ?? null);
  return (
    <div className="grid gap-2" data-testid="read-document">
      {!givenFileId && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <input
            ref={input}
            type="file"
            data-testid="read-document-file"
            accept="application/pdf,.pdf"
            className="sr-only"
            tabIndex={-1}
            aria-hidden
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setUploadedId(null);
            }}
          />
          <Button type="button" size="sm" variant="secondary" onClick={() => input.current?.click()}>
            <FileUp aria-hidden /> {file ? 'Trocar PDF' : 'Escolher PDF'}
          </Button>
          <span className="min-w-0 truncate text-slate-700" aria-live="polite">
            {file ? file.name : 'Nenhum arquivo escolhido'}
          </span>
        </div>
      )}
      <PaidActionButton
        action="ai.invoice_reading"
        verb="Ler boleto ou nota fiscal"
        balance={company?.currency_amount}
        variant="secondary"
        run={async () => {
          let id = uploadedId;
          if (!id) {
            if (!file || !company) throw new ApiError(400, 'NO_FILE', 'Escolha o PDF do boleto ou da nota fiscal.');
            const info = await uploadFile({ entityType: entity?.type ?? 'company', entityId: entity?.id ?? company.id, kind: 'document', file });
            id = info.id;
            setUploadedId(id);
          }
          const r = await readDocument(id, newRequestId());
          onRead(r.reading, id, file);
          if (r.reading.amountCents === null && r.reading.dueDate === null) toast.info('A IA não encontrou valor nem vencimento neste documento; confira o arquivo.');
          return r;
        }}
      />
      <p className="flex items-center gap-1 text-xs text-slate-600">
        <FileSearch className="size-3.5" aria-hidden /> Preenche valor, vencimento, fornecedor (pelo CNPJ) e linha digitável; confira antes de salvar.
      </p>
    </div>
  );
}
