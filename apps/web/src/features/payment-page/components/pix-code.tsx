import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { copyWithToast } from '../../../lib/clipboard.ts';

/**
 * A Pix charge as the payer uses it: the QR code to scan and the 'Pix copia e cola' code with a
 * copy button (the code stays selectable when the browser refuses the clipboard).
 */
export function PixCode({ brCode, qrSvg }: { brCode: string; qrSvg: string }) {
  const [copied, setCopied] = useState(false);
  // Two codes may share a screen (a receivable's Pix and its Pix Automático QR).
  const codeId = useId();
  const copy = async () => setCopied(await copyWithToast(brCode, 'Código Pix copiado. Cole no app do seu banco, em Pix copia e cola.', 'Selecione o código abaixo e copie.'));
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] justify-items-center gap-4">
      <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`} alt="QR code do Pix" className="size-56 rounded-lg border border-slate-200 bg-white p-1 sm:size-64" data-testid="pix-qr" />
      <div className="grid w-full gap-2">
        <label htmlFor={codeId} className="text-sm font-medium text-slate-900">
          Pix copia e cola
        </label>
        <textarea
          id={codeId}
          readOnly
          value={brCode}
          rows={3}
          onFocus={(e) => e.currentTarget.select()}
          className="w-full resize-none break-all rounded-lg border border-slate-300 bg-slate-50 p-2 font-mono text-xs text-slate-800"
        />
        <Button type="button" onClick={copy} variant={copied ? 'secondary' : 'primary'}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />} {copied ? 'Código copiado' : 'Copiar código Pix'}
        </Button>
      </div>
    </div>
  );
}
