import { Upload } from 'lucide-react';
import { inputClass } from '../ui/input.tsx';

/** One file chosen in a form (a certificate, a spreadsheet) with the inputs' look: its label, the chosen file's name, the types it accepts. */
export function FilePickerField({ label, accept, file, onChange }: { label: string; accept: string; file: File | null; onChange: (file: File | null) => void }) {
  return (
    <div className="grid gap-1.5">
      <span className="text-sm font-medium text-slate-900">{label}</span>
      <label className={`${inputClass} flex cursor-pointer items-center gap-2 focus-within:outline-2 focus-within:outline-[var(--color-accent)]`}>
        <Upload aria-hidden className="size-4 shrink-0 text-slate-500" />
        <span className="truncate">{file ? file.name : 'Escolher arquivo…'}</span>
        <input type="file" className="sr-only" accept={accept} onChange={(e) => onChange(e.target.files?.[0] ?? null)} />
      </label>
    </div>
  );
}
