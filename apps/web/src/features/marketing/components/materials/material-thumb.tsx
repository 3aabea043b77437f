import { FileAudio, FileText, FileVideo, Image as ImageIcon, Play } from 'lucide-react';
import type { MaterialView } from '@sede/shared/marketing/materials';
import { cn } from '../../../../lib/cn.ts';
import { materialThumbnailUrl } from '../../api/materials.ts';

const ICONS = { image: ImageIcon, video: FileVideo, document: FileText, audio: FileAudio } as const;

/** A material's thumbnail (the platform's: images at once, a video's first frame when ready) or its kind's icon. */
export function MaterialThumb({ material, className }: { material: MaterialView; className?: string }) {
  const Icon = ICONS[material.kind] ?? FileText;
  return (
    <span className={cn('relative flex items-center justify-center overflow-hidden bg-slate-100 text-slate-500', className)}>
      {material.hasThumbnail ? (
        <img src={materialThumbnailUrl(material)} alt="" loading="lazy" className="size-full object-cover" data-testid="material-thumbnail" />
      ) : (
        <Icon className="size-1/3 max-h-10 max-w-10" aria-hidden />
      )}
      {material.kind === 'video' && material.hasThumbnail && (
        <span className="absolute inset-0 flex items-center justify-center">
          <span className="rounded-full bg-slate-900/60 p-1.5 text-white">
            <Play className="size-4" aria-hidden />
          </span>
        </span>
      )}
    </span>
  );
}
