import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import type { SenderInput, SenderView } from '@sede/shared/campaigns/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { campaignKeys } from '../api/keys.ts';
import { saveSender, senderQueryOptions, testSender } from '../api/sender.ts';
import { SenderDnsRecords } from './sender-dns-records.tsx';

/** The company's sender: From name, reply-to, rate and an optional own SMTP (with its From address and the domain's DNS records) with 'Testar'. */
export function SenderDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (v: boolean) => void }) {
  const sender = useQuery({ ...senderQueryOptions(), enabled: open });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Remetente das campanhas" description="Quem aparece como remetente e por onde os e-mails saem. Sem SMTP próprio, o servidor da Sede envia com o nome da sua empresa.">
      {sender.data ? (
        <SenderForm saved={sender.data} onSaved={() => onOpenChange(false)} />
      ) : sender.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Não foi possível carregar o remetente.
        </p>
      ) : (
        <Spinner label="Carregando o remetente…" />
      )}
    </Dialog>
  );
}

/**
 * The form starts from the saved sender and is mounted only once it has loaded: filling it from a
 * late answer would overwrite what the person already typed (the campaigns e2e flake, decision 0516).
 */
function SenderForm({ saved, onSaved }: { saved: SenderView; onSaved: () => void }) {
  const queryClient = useQueryClient();
  const [fromName, setFromName] = useState(saved.fromName);
  const [replyTo, setReplyTo] = useState(saved.replyTo ?? '');
  const [rate, setRate] = useState(String(saved.ratePerSecond));
  const [own, setOwn] = useState(!!saved.smtp);
  const [host, setHost] = useState(saved.smtp?.host ?? '');
  const [port, setPort] = useState(String(saved.smtp?.port ?? 587));
  const [secure, setSecure] = useState(saved.smtp?.secure ?? false);
  const [user, setUser] = useState(saved.smtp?.user ?? '');
  const [fromEmail, setFromEmail] = useState(saved.smtp?.fromEmail ?? '');
  const [password, setPassword] = useState('');
  const [kind, setKind] = useState<'save' | 'test'>('save');

  const body = (): SenderInput => ({
    fromName,
    replyTo: replyTo || null,
    ratePerSecond: Number(rate),
    smtp: own ? { host, port: Number(port), secure, user: user || undefined, fromEmail: fromEmail || null, ...(password ? { password } : {}) } : null,
  });

  const action = useSubmit(async (doing: 'save' | 'test') => {
    if (doing === 'test') return void toast.success((await testSender(body())).message);
    await saveSender(body());
    await queryClient.invalidateQueries({ queryKey: campaignKeys.sender });
    toast.success('Remetente salvo.');
    onSaved();
  }, 'Não foi possível concluir.');
  const run = (doing: 'save' | 'test') => {
    setKind(doing);
    void action.submit(doing);
  };

  return (
      <form
        onSubmit={(e) => {
          e.preventDefault();
          run('save');
        }}
        className="grid max-h-[70vh] gap-3 overflow-y-auto" noValidate>
        <div className="grid gap-1">
          <Label htmlFor="sender-name">Nome do remetente</Label>
          <Input id="sender-name" value={fromName} onChange={(e) => setFromName(e.target.value)} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="sender-reply">Responder para (opcional)</Label>
          <Input id="sender-reply" type="email" value={replyTo} onChange={(e) => setReplyTo(e.target.value)} placeholder="contato@suaempresa.com.br" />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="sender-rate">Mensagens por segundo</Label>
          <Input id="sender-rate" type="number" min={1} max={500} value={rate} onChange={(e) => setRate(e.target.value)} />
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={own} onChange={(e) => setOwn(e.target.checked)} className="size-4" />
          Usar um SMTP próprio (ou de um provedor)
        </label>
        {own && (
          <div className="grid gap-3 rounded-lg border border-slate-200 p-3">
            <div className="grid grid-cols-3 gap-2">
              <div className="col-span-2 grid gap-1">
                <Label htmlFor="smtp-host">Servidor</Label>
                <Input id="smtp-host" value={host} onChange={(e) => setHost(e.target.value)} placeholder="smtp.provedor.com" />
              </div>
              <div className="grid gap-1">
                <Label htmlFor="smtp-port">Porta</Label>
                <Input id="smtp-port" type="number" value={port} onChange={(e) => setPort(e.target.value)} />
              </div>
            </div>
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" checked={secure} onChange={(e) => setSecure(e.target.checked)} className="size-4" />
              Conexão segura (SSL/TLS, porta 465)
            </label>
            <div className="grid gap-1">
              <Label htmlFor="smtp-user">Usuário</Label>
              <Input id="smtp-user" value={user} onChange={(e) => setUser(e.target.value)} autoComplete="off" />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="smtp-password">Senha</Label>
              <Input
                id="smtp-password"
                type="password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoComplete="new-password"
                placeholder={saved.smtp?.hasPassword ? 'Guardada (deixe em branco para manter)' : ''}
              />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="smtp-from">E-mail do remetente (De)</Label>
              <Input
                id="smtp-from"
                type="email"
                value={fromEmail}
                onChange={(e) => setFromEmail(e.target.value)}
                placeholder={/@/.test(user) ? user : 'contato@suaempresa.com.br'}
                aria-describedby="smtp-from-hint"
              />
              <p id="smtp-from-hint" className="text-xs text-slate-600">
                Um endereço do domínio da empresa que este SMTP pode usar. Em branco: o usuário, quando ele é um e-mail.
              </p>
            </div>
            <SenderDnsRecords fromEmail={fromEmail || (/@/.test(user) ? user : '')} smtpHost={host} />
          </div>
        )}
        <FormActions error={action.error} submitLabel="Salvar" pending={action.pending && kind === 'save'}>
          <Button type="button" variant="secondary" pending={action.pending && kind === 'test'} onClick={() => run('test')}>
            Testar
          </Button>
        </FormActions>
      </form>
  );
}
