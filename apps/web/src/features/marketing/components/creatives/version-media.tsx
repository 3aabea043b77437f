import { FileText, Film } from 'lucide-react';
import type { VersionFile } from '@sede/shared/marketing/review';
import { fileContentUrl, fileThumbnailUrl } from '../../../../components/files/files-api.ts';

/** A version's images and videos: thumbnails that open the file; a removed file says so. */
export function VersionMedia({ files, size = 'md' }: { files: VersionFile[]; size?: 'sm' | 'md' }) {
  if (!files.length) return null;
  const box = size === 'sm' ? 'size-14' : 'size-24';
  return (
    <ul className="flex flex-wrap gap-2">
      {files.map((f) => (
        <li key={f.id}>
          {f.deleted ? (
            <span className={`flex ${box} items-center justify-center rounded-lg border border-dashed border-slate-300 p-1 text-center text-[11px] text-slate-600`}>Arquivo removido</span>
          ) : (
            <a href={`${fileContentUrl(f.id)}?inline=1`} target="_blank" rel="noreferrer" className={`flex ${box} items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50`} title={f.name}>
              {f.hasThumbnail ? (
                <img src={fileThumbnailUrl(f.id)} alt={f.name} className="h-full w-full object-cover" loading="lazy" />
              ) : f.kind === 'video' ? (
                <>
                  <Film className="size-6 text-slate-500" aria-hidden />
                  <span className="sr-only">{f.name}</span>
                </>
              ) : (
                <>
                  <FileText className="size-6 text-slate-500" aria-hidden />
                  <span className="sr-only">{f.name}</span>
                </>
              )}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
