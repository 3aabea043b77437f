import { Download, FileSpreadsheet } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { money } from '@sede/shared/format';

/** Money in pt-BR, negative in red. */
export function Money({ cents: raw, className, strong }: { cents: number; className?: string; strong?: boolean }) {
  const cents = raw || 0; // never "-R$ 0,00"
  return <span className={cn('tabular-nums', cents < 0 && 'text-red-700', strong && 'font-semibold', className)}>{money(cents)}</span>;
}

/** A KPI tile. */
export function Kpi({ label, cents, hint, tone, testId }: { label: string; cents: number; hint?: ReactNode; tone?: 'in' | 'out' | 'warn'; testId?: string }) {
  return (
    <div className="grid gap-1 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid={testId}>
      <p className="text-sm text-slate-600">{label}</p>
      <p className={cn('text-xl font-semibold tabular-nums text-slate-900', tone === 'in' && 'text-emerald-700', tone === 'out' && 'text-slate-900', tone === 'warn' && cents > 0 && 'text-red-700')}>
        {money(cents)}
      </p>
      {hint && <p className="text-xs text-slate-600">{hint}</p>}
    </div>
  );
}

/** A segmented switch (native radios) whose value lives in the URL. */
export function Segmented<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: { value: T; label: string }[]; onChange: (v: T) => void }) {
  const name = useId();
  return (
    <fieldset className="grid gap-1">
      <legend className="mb-1 text-sm font-medium text-slate-800">{label}</legend>
      <div className="inline-flex rounded-[var(--radius-ui)] border border-slate-300 bg-white p-0.5">
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'cursor-pointer rounded-[calc(var(--radius-ui)-2px)] px-3 py-1.5 text-sm font-medium text-slate-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-[var(--color-accent)]',
              o.value === value && 'bg-[var(--color-accent)] text-white',
            )}
          >
            <input type="radio" className="sr-only" name={name} value={o.value} checked={o.value === value} onChange={() => onChange(o.value)} />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}


/** The report's or list's downloads: a CSV and a spreadsheet of what is on screen. */
export function ExportLinks({ href, xlsxLabel = 'XLSX', className = 'ml-auto flex gap-2' }: { href: (format: 'csv' | 'xlsx') => string; xlsxLabel?: string; className?: string }) {
  return (
    <div className={className}>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button key={format} asChild variant="secondary" size="sm">
          <a href={href(format)} download>
            {format === 'csv' ? <Download aria-hidden /> : <FileSpreadsheet aria-hidden />} {format === 'csv' ? 'CSV' : xlsxLabel}
          </a>
        </Button>
      ))}
    </div>
  );
}
