import { Download } from 'lucide-react';
import { formatFileSize } from '@sede/shared/platform/files';
import { MATERIAL_KIND_LABELS, type MaterialView } from '@sede/shared/marketing/materials';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { materialContentUrl, materialPreviewUrl } from '../../api/materials.ts';
import { MaterialThumb } from './material-thumb.tsx';

/** A material's preview: the image, the video or audio with its player, a PDF opened in a new tab. */
export function PreviewDialog({ material, onOpenChange }: { material: MaterialView; onOpenChange: (open: boolean) => void }) {
  const inline = materialPreviewUrl(material);
  return (
    <Dialog open onOpenChange={onOpenChange} title={material.name} description={`${MATERIAL_KIND_LABELS[material.kind]} · ${formatFileSize(material.size)} · ${material.clientName}`}>
      <div className="grid gap-3">
        {material.kind === 'image' ? (
          <img src={inline} alt={material.name} className="max-h-[60vh] w-full rounded-lg object-contain" />
        ) : material.kind === 'video' ? (
          // biome-ignore lint/a11y/useMediaCaption: materials are the client's own files; they carry no caption track.
          <video src={inline} controls preload="metadata" className="max-h-[60vh] w-full rounded-lg bg-black" />
        ) : material.kind === 'audio' ? (
          // biome-ignore lint/a11y/useMediaCaption: materials are the client's own files; they carry no caption track.
          <audio src={inline} controls className="w-full" />
        ) : (
          <div className="flex items-center gap-3">
            <MaterialThumb material={material} className="size-16 rounded-lg" />
            {material.mime === 'application/pdf' && (
              <a href={inline} target="_blank" rel="noreferrer" className="text-sm font-medium text-[var(--color-accent)] hover:underline">
                Abrir em nova aba
              </a>
            )}
          </div>
        )}
        <div className="flex justify-end">
          <Button asChild variant="secondary">
            <a href={materialContentUrl(material)} download={material.name}>
              <Download aria-hidden /> Baixar
            </a>
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
