import { FolderPlus, Upload } from 'lucide-react';
import { type RefObject, useId } from 'react';
import { MATERIAL_KINDS } from '@sede/shared/marketing/materials';
import { FILE_KINDS } from '@sede/shared/platform/files';
import { cn } from '../../../../lib/cn.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import type { MaterialUploads } from './use-material-uploads.ts';
import { HiddenFileInput } from '../../../../components/files/hidden-file-input.tsx';

const ACCEPT = MATERIAL_KINDS.map((k) => FILE_KINDS[k].accept).join(',');

/** The page's sending tools: 'Nova pasta', the tags for the next files, 'Enviar arquivos' and why it waits for a client. */
export function UploadControls({ uploads, fileInput, canUpload, needsClient, onNewFolder }: { uploads: MaterialUploads; fileInput: RefObject<HTMLInputElement | null>; canUpload: boolean; needsClient: boolean; onNewFolder?: () => void }) {
  const id = useId();
  const { tags } = uploads;
  return (
    <div className="grid w-full gap-1 sm:w-auto">
      <div className="flex flex-wrap items-end gap-2 sm:justify-end">
        {onNewFolder && (
          <Button variant="secondary" onClick={onNewFolder}>
            <FolderPlus aria-hidden /> Nova pasta
          </Button>
        )}
        <div className="grid w-full gap-1 sm:w-64">
          <label htmlFor={`${id}-upload-tags`} className="text-xs font-medium text-slate-700">
            Etiquetas para o envio
          </label>
          <Input
            id={`${id}-upload-tags`}
            ref={tags.ref}
            value={tags.text}
            onChange={(e) => tags.change(e.target.value)}
            placeholder="Ex.: logo, campanha de verão"
            aria-invalid={tags.error ? true : undefined}
            aria-describedby={`${id}-upload-tags-hint`}
          />
        </div>
        <Button onClick={() => fileInput.current?.click()} disabled={!canUpload} aria-describedby={needsClient ? `${id}-upload-where` : undefined}>
          <Upload aria-hidden /> Enviar arquivos
        </Button>
        <HiddenFileInput id={`${id}-file`} ref={fileInput} label="Escolher arquivos para enviar" accept={ACCEPT} testId="materials-file-input" onFiles={(files) => void uploads.send(files)} />
      </div>
      <p id={`${id}-upload-tags-hint`} className={cn('max-w-md text-xs sm:justify-self-end sm:text-right', tags.error ? 'text-red-700' : 'text-slate-600')} role={tags.error ? 'alert' : undefined}>
        {tags.error ?? 'Separe as etiquetas por vírgulas: cada arquivo enviado recebe todas elas.'}
      </p>
      {needsClient && (
        <p id={`${id}-upload-where`} className="max-w-md text-xs text-slate-700 sm:justify-self-end sm:text-right" data-testid="upload-needs-client">
          Para enviar arquivos, escolha a empresa cliente no filtro abaixo.
        </p>
      )}
    </div>
  );
}
