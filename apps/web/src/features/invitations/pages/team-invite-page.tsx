import { CheckCircle2, Info, Loader2, Mail, Trash2, XCircle } from 'lucide-react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { INVITE_MESSAGES } from '@sede/shared/invitations';
import { roleLabel } from '@sede/shared/roles';
import { Button } from '../../../components/ui/button.tsx';
import { FocusCard, StepIndicator } from '../../../components/ui/focus-card.tsx';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { sendInvitation } from '../api/send-invitation.ts';
import { InviteMemberForm, type InviteEntry } from '../components/invite-member-form.tsx';

type Status = { state: 'idle' | 'sending' | 'sent' | 'failed'; error?: string };
type Row = InviteEntry & { id: string; status: Status };

let nextId = 0;

/** 'Passo 3 de 3': build a list of e-mails and roles, then send them one by one, in order. */
export default function TeamInvitePage() {
  const navigate = useNavigate();
  const { isAuthenticated } = useAuth();
  const [rows, setRows] = useState<Row[]>([]);
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);

  const update = (id: string, status: Status) => setRows((all) => all.map((r) => (r.id === id ? { ...r, status } : r)));

  const add = (entry: InviteEntry) => setRows((all) => [...all, { ...entry, id: `invite-${++nextId}`, status: { state: 'idle' } }]);

  const sendAll = async () => {
    if (sendingRef.current) return; // a second click while sending does nothing
    const queue = rows.filter((r) => r.status.state !== 'sent');
    if (queue.length === 0) {
      toast.error(INVITE_MESSAGES.emptyList);
      return;
    }
    if (!isAuthenticated) {
      toast.error(INVITE_MESSAGES.notAuthenticated);
      return;
    }
    sendingRef.current = true;
    setSending(true);
    let sent = 0;
    let failed = 0;
    try {
      for (const row of queue) {
        update(row.id, { state: 'sending' });
        try {
          await sendInvitation({ email: row.email, role: row.role });
          sent++;
          update(row.id, { state: 'sent' });
        } catch (e) {
          failed++;
          update(row.id, { state: 'failed', error: e instanceof Error && e.message ? e.message : INVITE_MESSAGES.unknownServerError });
        }
      }
      // The success first: a success dismisses the error toasts on screen (toast-rules.ts), and
      // here the failures are not made moot by it. The error stays longer: it needs reading.
      if (sent > 0) toast.success(INVITE_MESSAGES.sent(sent));
      if (failed > 0) toast.error(INVITE_MESSAGES.partialTitle(failed), { description: INVITE_MESSAGES.partialDescription, duration: 10_000 });
      if (sent > 0) navigate('/empresa');
    } catch {
      toast.error(INVITE_MESSAGES.unexpected);
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  };

  const pendingCount = rows.filter((r) => r.status.state !== 'sent').length;

  return (
    <FocusCard wide>
      <StepIndicator step={3} />
      <div className="mb-6 grid gap-1">
        <h1 className="text-xl font-semibold text-slate-900">Convide sua equipe</h1>
        <p className="text-sm text-slate-600">Adicione o e-mail de cada pessoa e a função que ela terá na empresa. Você pode fazer isso depois, na área de administração.</p>
      </div>

      <InviteMemberForm existing={rows.map((r) => r.email)} onAdd={add} />

      <section aria-labelledby="invite-list-title" className="mt-6 grid gap-2">
        <h2 id="invite-list-title" className="text-sm font-semibold text-slate-900">
          Convites a enviar ({rows.length})
        </h2>
        {rows.length === 0 ? (
          <p className="rounded-[var(--radius-ui)] border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
            Nenhum e-mail adicionado ainda. Digite um e-mail acima e pressione Enter.
          </p>
        ) : (
          <ul className="grid max-h-[16rem] grid-cols-[minmax(0,1fr)] gap-2 overflow-y-auto" data-testid="invite-list">
            {rows.map((row) => (
              <li key={row.id} className="flex items-center gap-3 rounded-[var(--radius-ui)] border border-slate-200 px-3 py-2" data-testid="invite-row">
                <RowIcon status={row.status} />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900">{row.email}</p>
                  <p className="text-xs text-slate-600">
                    {roleLabel(row.role)}
                    {row.status.state === 'failed' && <span className="text-red-700"> · {row.status.error}</span>}
                    {row.status.state === 'sent' && <span className="text-emerald-700"> · Enviado</span>}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remover ${row.email}`}
                  disabled={sending}
                  onClick={() => setRows((all) => all.filter((r) => r.id !== row.id))}
                >
                  <Trash2 aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <ul className="mt-6 grid gap-2 rounded-[var(--radius-ui)] bg-slate-50 p-4 text-sm text-slate-700">
        <li className="flex gap-2">
          <Mail className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
          Cada pessoa recebe um e-mail com um link que dá acesso apenas aos dados da sua empresa.
        </li>
        <li className="flex gap-2">
          <Info className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
          {INVITE_MESSAGES.expiryNote}
        </li>
      </ul>

      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="ghost" onClick={() => navigate('/empresa')} disabled={sending}>
          Pular Esta Etapa
        </Button>
        <Button onClick={() => void sendAll()} pending={sending} aria-disabled={sending || undefined}>
          {`Enviar Convites (${pendingCount})`}
        </Button>
      </div>
    </FocusCard>
  );
}

function RowIcon({ status }: { status: Status }) {
  if (status.state === 'sending') return <Loader2 className="size-4 shrink-0 animate-spin text-[var(--color-accent)]" aria-label="Enviando" />;
  if (status.state === 'sent') return <CheckCircle2 className="size-4 shrink-0 text-emerald-600" aria-label="Enviado" />;
  if (status.state === 'failed') return <XCircle className="size-4 shrink-0 text-red-600" aria-label="Falhou" />;
  return <Mail className="size-4 shrink-0 text-slate-500" aria-hidden />;
}
