import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { copyWithToast } from '../../../lib/clipboard.ts';

/**
 * A read-only value to copy (a boleto's linha digitável, a webhook's address or token): its label,
 * the value selectable in a field and a copy button (the value stays selectable when the browser
 * refuses the clipboard).
 */
export function CopyField({ label, value, shown, copyLabel, done, testId, wrap }: { label: string; value: string; shown?: string; copyLabel: string; done: string; testId?: string; wrap?: boolean }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => setCopied(await copyWithToast(value, done, 'Selecione o texto e copie.'));
  return (
    <div className="grid min-w-0 gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        {label}
      </label>
      <div className={wrap ? 'grid min-w-0 gap-2' : 'flex min-w-0 flex-col gap-2 sm:flex-row'}>
        {wrap ? (
          // A long code (a linha digitável) shown whole, wrapping, never cut.
          <textarea
            id={id}
            readOnly
            rows={2}
            value={shown ?? value}
            onFocus={(e) => e.currentTarget.select()}
            className="w-full resize-none rounded-lg border border-slate-300 bg-slate-50 px-2 py-2 font-mono text-sm break-words text-slate-800"
            data-testid={testId}
          />
        ) : (
          <input
            id={id}
            readOnly
            value={shown ?? value}
            onFocus={(e) => e.currentTarget.select()}
            className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-2 py-2 font-mono text-xs text-slate-800"
            data-testid={testId}
          />
        )}
        <Button type="button" size={wrap ? 'md' : 'sm'} variant="secondary" onClick={copy} className="shrink-0">
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />} {copied ? 'Copiado' : copyLabel}
        </Button>
      </div>
    </div>
  );
}
