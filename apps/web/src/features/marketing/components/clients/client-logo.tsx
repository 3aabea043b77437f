import { useState } from 'react';
import { fileThumbnailUrl } from '../../../../components/files/files-api.ts';
import { cn } from '../../../../lib/cn.ts';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((w) => w.length > 2 || /^[A-Z0-9]/.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || name.slice(0, 1).toUpperCase();

/** A client's logo (its thumbnail) or its initials; decorative: the name is always next to it. */
export function ClientLogo({ name, logoFileId, className }: { name: string; logoFileId: string | null; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (logoFileId && !failed) {
    return <img src={fileThumbnailUrl(logoFileId)} alt="" onError={() => setFailed(true)} className={cn('size-12 shrink-0 rounded-lg border border-slate-200 bg-white object-contain', className)} />;
  }
  return (
    <span aria-hidden className={cn('flex size-12 shrink-0 items-center justify-center rounded-lg bg-[var(--color-accent-soft)] text-base font-semibold text-[var(--color-accent)]', className)}>
      {initials(name)}
    </span>
  );
}
