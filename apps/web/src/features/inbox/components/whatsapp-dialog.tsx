import { useQueryClient } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { inboxKeys } from '../api/keys.ts';
import { testWhatsapp, updateWhatsappSettings, useWhatsappSettings } from '../api/whatsapp.ts';
import { useBusyAction } from '../../../lib/use-busy-action.ts';

const message = (e: unknown) => (e instanceof Error ? e.message : 'Não foi possível concluir.');

function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input id={id} readOnly value={value} className="font-mono text-xs" />
        <Button
          type="button"
          variant="secondary"
          size="sm"
          aria-label={`Copiar ${label.toLowerCase()}`}
          onClick={() => navigator.clipboard.writeText(value).then(() => toast.success('Copiado.'), () => toast.error('Não foi possível copiar: selecione o texto e copie.'))}
        >
          <Copy aria-hidden />
        </Button>
      </div>
    </div>
  );
}

/** 'WhatsApp' (admins): the Cloud API's ids and secrets, the webhook to give Meta, and 'Testar' (decision 0290). */
export function WhatsappDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const settings = useWhatsappSettings(open);
  const qc = useQueryClient();
  const [phoneNumberId, setPhoneNumberId] = useState('');
  const [wabaId, setWabaId] = useState('');
  const [accessToken, setAccessToken] = useState('');
  const [appSecret, setAppSecret] = useState('');
  const saving = useBusyAction(message);
  const testing = useBusyAction(message);
  const s = settings.data;

  useEffect(() => {
    if (!s) return;
    setPhoneNumberId(s.phoneNumberId);
    setWabaId(s.wabaId);
  }, [s]);

  const save = () =>
    saving.run(async () => {
      await updateWhatsappSettings({ phoneNumberId, wabaId, ...(accessToken ? { accessToken } : {}), ...(appSecret ? { appSecret } : {}) });
      setAccessToken('');
      setAppSecret('');
      await qc.invalidateQueries({ queryKey: inboxKeys.whatsapp });
      toast.success('Configurações do WhatsApp salvas.');
    });
  const test = () =>
    testing.run(async () => {
      const r = await testWhatsapp();
      toast.success(`Conexão ok: ${[r.verifiedName, r.displayPhoneNumber].filter(Boolean).join(' · ') || 'número encontrado'}.`);
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="WhatsApp Business" description="Receba e responda as mensagens do WhatsApp da empresa aqui no atendimento (API oficial da Meta).">
      {!s ? (
        <p className="text-sm text-slate-600">{settings.isError ? 'Só administradores configuram o WhatsApp.' : 'Carregando…'}</p>
      ) : (
        <form
          className="grid max-h-[70vh] gap-3 overflow-y-auto pr-1 text-sm"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <p className="text-slate-600">No painel do app da Meta (WhatsApp › Configuração da API), copie os dados abaixo.</p>
          <div className="grid gap-1">
            <Label htmlFor="wa-phone">Identificação do número de telefone</Label>
            <Input id="wa-phone" inputMode="numeric" required value={phoneNumberId} onChange={(e) => setPhoneNumberId(e.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="wa-waba">Identificação da conta do WhatsApp Business</Label>
            <Input id="wa-waba" inputMode="numeric" required value={wabaId} onChange={(e) => setWabaId(e.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="wa-token">Token de acesso</Label>
            <Input id="wa-token" type="password" autoComplete="off" placeholder={s.hasAccessToken ? 'Guardado (deixe em branco para manter)' : ''} value={accessToken} onChange={(e) => setAccessToken(e.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="wa-secret">Chave secreta do app</Label>
            <Input id="wa-secret" type="password" autoComplete="off" placeholder={s.hasAppSecret ? 'Guardada (deixe em branco para manter)' : ''} value={appSecret} onChange={(e) => setAppSecret(e.target.value)} />
          </div>
          <section className="grid gap-2 border-t border-slate-200 pt-3">
            <h3 className="font-semibold text-slate-900">Webhook (WhatsApp › Configuração na Meta)</h3>
            <CopyField id="wa-callback" label="URL de retorno" value={`${location.origin}${s.webhookPath}`} />
            <CopyField id="wa-verify" label="Token de verificação" value={s.verifyToken} />
            <p className="text-slate-600">Assine o campo “messages” do webhook.</p>
          </section>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" pending={saving.busy}>
              Salvar
            </Button>
            <Button type="button" variant="secondary" pending={testing.busy} disabled={!s.configured} onClick={test}>
              Testar
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
