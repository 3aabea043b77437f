import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';

/** The endpoint's secret, this once (on creation and after a rotation): copy it now. */
export function SecretDialog({ secret, rotated, onClose }: { secret: string | null; rotated?: boolean; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(secret ?? '');
    setCopied(true);
  };
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(o) => !o && onClose()}
      title={rotated ? 'Novo segredo do endpoint' : 'Segredo do endpoint'}
      description={
        rotated
          ? 'Copie o novo segredo agora: ele não será mostrado de novo. O segredo anterior continua assinando os eventos por 24 horas, para você trocar sem perder nada.'
          : 'Copie o segredo agora: ele não será mostrado de novo. Use-o para verificar a assinatura (cabeçalho webhook-signature, padrão Standard Webhooks) de cada evento.'
      }
    >
      <div className="grid gap-3">
        <code className="block break-all rounded-lg border border-slate-200 bg-slate-50 p-3 font-mono text-sm text-slate-900" data-testid="webhook-secret">
          {secret}
        </code>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => void copy()}>
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />} {copied ? 'Copiado' : 'Copiar segredo'}
          </Button>
          <Button type="button" onClick={onClose}>
            Já copiei
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
