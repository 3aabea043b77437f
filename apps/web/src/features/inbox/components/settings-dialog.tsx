import { useQueryClient } from '@tanstack/react-query';
import { Copy, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { WEEKDAY_LABELS } from '@sede/shared/inbox/hours';
import type { BusinessHours } from '@sede/shared/inbox/schemas';
import { can, grantsFor } from '@sede/shared/registry/permissions';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Input, inputClass } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { useCannedReplies } from '../api/canned-replies.ts';
import { createCannedReply } from '../api/create-canned-reply.ts';
import { deleteCannedReply } from '../api/delete-canned-reply.ts';
import { inboxKeys } from '../api/keys.ts';
import { useInboxSettings } from '../api/settings.ts';
import { updateInboxSettings } from '../api/update-settings.ts';
import { useBusyAction } from '../../../lib/use-busy-action.ts';

const message = (e: unknown) => (e instanceof Error ? e.message : 'Não foi possível salvar.');

/** The script tag to paste into the site (decision 0260). */
export const widgetSnippet = (publicKey: string) => `<script src="${location.origin}/widget.js" data-empresa="${publicKey}" async></script>`;

/** 'Configurar chat': the script tag with a copy button, allowed sites, look, greeting, business hours and canned replies. */
export function SettingsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const settings = useInboxSettings();
  const { membership } = useAuth();
  const manage = can(grantsFor(membership), 'inbox.delete');
  const qc = useQueryClient();
  const [origins, setOrigins] = useState('');
  const [title, setTitle] = useState('');
  const [color, setColor] = useState('#2563eb');
  const [greeting, setGreeting] = useState('');
  const [awayMessage, setAwayMessage] = useState('');
  const [hours, setHours] = useState<BusinessHours>([]);
  const saving = useBusyAction(message);
  const s = settings.data;

  useEffect(() => {
    if (!s) return;
    setOrigins(s.allowedOrigins.join('\n'));
    setTitle(s.title);
    setColor(s.color);
    setGreeting(s.greeting);
    setAwayMessage(s.awayMessage);
    setHours(s.businessHours);
  }, [s]);

  const save = () =>
    saving.run(async () => {
      await updateInboxSettings({ allowedOrigins: origins.split(/\s+/).filter(Boolean), title, color, greeting, awayMessage, businessHours: hours });
      await qc.invalidateQueries({ queryKey: inboxKeys.settings });
      toast.success('Configurações do chat salvas.');
    });
  const dayOf = (weekday: number) => hours.find((h) => h.weekday === weekday);
  const setDay = (weekday: number, value: { start: string; end: string } | null) =>
    setHours([...hours.filter((h) => h.weekday !== weekday), ...(value ? [{ weekday, ...value }] : [])].sort((a, b) => a.weekday - b.weekday));

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Chat do site" description="Instale o chat no seu site e ajuste como ele aparece para os visitantes.">
      {!s ? (
        <p className="text-sm text-slate-600">Carregando…</p>
      ) : (
        <div className="grid max-h-[70vh] gap-4 overflow-y-auto pr-1 text-sm">
          <section className="grid gap-2">
            <h3 className="font-semibold text-slate-900">1. Cole este código no seu site, antes de &lt;/body&gt;</h3>
            <pre className="rounded-lg bg-slate-900 p-3 text-xs break-all whitespace-pre-wrap text-slate-100">
              <code data-testid="widget-snippet">{widgetSnippet(s.publicKey)}</code>
            </pre>
            <Button
              variant="secondary"
              size="sm"
              className="justify-self-start"
              onClick={() => navigator.clipboard.writeText(widgetSnippet(s.publicKey)).then(() => toast.success('Código copiado.'), () => toast.error('Não foi possível copiar: selecione o texto e copie.'))}
            >
              <Copy aria-hidden /> Copiar código
            </Button>
          </section>
          <fieldset disabled={!manage} className="grid gap-3">
            {!manage && <p className="text-slate-600">Só administradores e a equipe de vendas alteram estas configurações.</p>}
            <div className="grid gap-1">
              <Label htmlFor="inbox-origins">2. Sites autorizados (um por linha)</Label>
              <textarea id="inbox-origins" className={inputClass} rows={3} placeholder="https://www.seusite.com.br" value={origins} onChange={(e) => setOrigins(e.target.value)} />
            </div>
            <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
              <div className="grid gap-1">
                <Label htmlFor="inbox-title">Título do chat</Label>
                <Input id="inbox-title" value={title} maxLength={60} onChange={(e) => setTitle(e.target.value)} />
              </div>
              <div className="grid gap-1">
                <Label htmlFor="inbox-color">Cor</Label>
                <input id="inbox-color" type="color" className="h-10 w-16 rounded border border-slate-300" value={color} onChange={(e) => setColor(e.target.value)} />
              </div>
            </div>
            <div className="grid gap-1">
              <Label htmlFor="inbox-greeting">Saudação</Label>
              <textarea id="inbox-greeting" className={inputClass} rows={2} maxLength={500} value={greeting} onChange={(e) => setGreeting(e.target.value)} />
            </div>
            <fieldset className="grid gap-2">
              <legend className="font-medium text-slate-900">Horário de atendimento (horário de Brasília; nenhum dia marcado = sempre aberto)</legend>
              {WEEKDAY_LABELS.map((label, weekday) => {
                const d = dayOf(weekday);
                return (
                  <div key={label} className="flex flex-wrap items-center gap-2">
                    <label className="flex w-28 items-center gap-2">
                      <input type="checkbox" checked={Boolean(d)} onChange={(e) => setDay(weekday, e.target.checked ? { start: '09:00', end: '18:00' } : null)} />
                      {label}
                    </label>
                    {d && (
                      <>
                        <input type="time" aria-label={`${label}: início`} className={`${inputClass} w-28`} value={d.start} onChange={(e) => setDay(weekday, { ...d, start: e.target.value })} />
                        <span>às</span>
                        <input type="time" aria-label={`${label}: fim`} className={`${inputClass} w-28`} value={d.end} onChange={(e) => setDay(weekday, { ...d, end: e.target.value })} />
                      </>
                    )}
                  </div>
                );
              })}
            </fieldset>
            <div className="grid gap-1">
              <Label htmlFor="inbox-away">Resposta automática fora do horário</Label>
              <textarea id="inbox-away" className={inputClass} rows={2} maxLength={500} placeholder="Olá! No momento estamos fora do horário de atendimento…" value={awayMessage} onChange={(e) => setAwayMessage(e.target.value)} />
            </div>
            <Button className="justify-self-start" pending={saving.busy} onClick={save}>
              Salvar configurações
            </Button>
          </fieldset>
          <CannedReplies />
        </div>
      )}
    </Dialog>
  );
}

function CannedReplies() {
  const replies = useCannedReplies();
  const qc = useQueryClient();
  const [shortcut, setShortcut] = useState('');
  const [body, setBody] = useState('');
  const refresh = () => qc.invalidateQueries({ queryKey: inboxKeys.canned });
  const add = (e: FormEvent) => {
    e.preventDefault();
    createCannedReply({ shortcut, body }).then(
      () => {
        setShortcut('');
        setBody('');
        void refresh();
      },
      (err) => toast.error(message(err)),
    );
  };
  return (
    <section className="grid gap-2 border-t border-slate-200 pt-3">
      <h3 className="font-semibold text-slate-900">Respostas prontas</h3>
      <p className="text-slate-600">Na conversa, digite / e o atalho para inserir o texto.</p>
      <ul className="grid gap-1">
        {replies.data?.map((r) => (
          <li key={r.id} className="flex items-start justify-between gap-2 rounded border border-slate-200 p-2">
            <span>
              <strong>/{r.shortcut}</strong> <span className="text-slate-700">{r.body}</span>
            </span>
            <Button variant="ghost" size="sm" aria-label={`Excluir /${r.shortcut}`} onClick={() => deleteCannedReply(r.id).then(refresh, (e) => toast.error(message(e)))}>
              <Trash2 aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      <form className="grid gap-2 sm:grid-cols-[8rem_1fr_auto]" onSubmit={add}>
        <Input aria-label="Atalho" placeholder="prazo" value={shortcut} onChange={(e) => setShortcut(e.target.value)} />
        <Input aria-label="Texto da resposta" placeholder="Entregamos em até 2 dias úteis." value={body} onChange={(e) => setBody(e.target.value)} />
        <Button type="submit" variant="secondary" disabled={!shortcut.trim() || !body.trim()}>
          Adicionar
        </Button>
      </form>
    </section>
  );
}
