import { Copy } from 'lucide-react';
import { toast } from '../../../lib/toast.ts';
import { senderDnsRecords } from '@sede/shared/campaigns/sender-dns';
import { Button } from '../../../components/ui/button.tsx';

const copy = async (text: string) => {
  try {
    await navigator.clipboard.writeText(text);
    toast.success('Copiado.');
  } catch {
    toast.error('Não foi possível copiar: selecione o texto e copie.');
  }
};

/**
 * What the From domain needs in its DNS (decision 0402): SPF, DKIM and DMARC, each with the name
 * and the value to create at the domain's DNS host, so the provider's checks pass.
 */
export function SenderDnsRecords({ fromEmail, smtpHost }: { fromEmail: string; smtpHost: string }) {
  const records = senderDnsRecords(fromEmail, smtpHost);
  return (
    <section aria-labelledby="sender-dns-title" className="grid gap-2 rounded-lg bg-slate-50 p-3 text-sm">
      <h3 id="sender-dns-title" className="font-semibold text-slate-900">
        Autenticação do domínio (SPF, DKIM e DMARC)
      </h3>
      <p className="text-slate-700">
        Gmail, Outlook e os demais recusam ou mandam para o spam o e-mail de um domínio que não autorizou quem o enviou. Crie estes registros no DNS do domínio (no painel de
        quem o hospeda, como Registro.br, Cloudflare ou a hospedagem do site) e use &quot;Testar&quot; depois.
      </p>
      {records.length === 0 ? (
        <p className="text-slate-600">Informe o e-mail do remetente para ver os registros do domínio dele.</p>
      ) : (
        <dl className="grid gap-2">
          {records.map((r) => (
            <div key={r.kind} className="grid gap-1 rounded-md border border-slate-200 bg-white p-2">
              <dt className="font-medium text-slate-900">
                {r.kind} <span className="font-normal text-slate-600">· registro {r.type}</span>
              </dt>
              <dd className="grid min-w-0 gap-1">
                <span className="text-xs text-slate-600">Nome</span>
                <code className="break-all text-xs text-slate-900">{r.name}</code>
                <span className="text-xs text-slate-600">Valor</span>
                <span className="flex min-w-0 items-start gap-1">
                  <code className="min-w-0 flex-1 break-all text-xs text-slate-900">{r.value}</code>
                  {r.kind !== 'DKIM' && (
                    <Button type="button" variant="ghost" size="icon" className="size-7 shrink-0" aria-label={`Copiar o valor do ${r.kind}`} onClick={() => void copy(r.value)}>
                      <Copy aria-hidden />
                    </Button>
                  )}
                </span>
                <span className="text-xs text-slate-700">{r.why}</span>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
