import { useQueryClient } from '@tanstack/react-query';
import { Briefcase, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import type { ConversationSummary } from '@sede/shared/inbox/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useBusyAction } from '../../../lib/use-busy-action.ts';
import { createDeal } from '../api/create-deal.ts';
import { createPerson } from '../api/create-person.ts';
import { usePeopleSearch } from '../api/find-people.ts';
import { usePerson } from '../api/get-person.ts';
import { inboxKeys } from '../api/keys.ts';
import { updateConversation } from '../api/update-conversation.ts';
import { visitorLabel } from './labels.ts';

const message = (e: unknown) => (e instanceof Error ? e.message : 'Não foi possível concluir. Tente novamente.');

/** The contact panel (CRM): find the person by e-mail or phone, link or create them, and open a deal from the chat. */
export function ContactPanel({ conversation: c }: { conversation: ConversationSummary }) {
  const qc = useQueryClient();
  const [q, setQ] = useState(c.visitorEmail ?? c.visitorPhone ?? '');
  const { busy, run } = useBusyAction(message);
  const person = usePerson(c.personId);
  const hits = usePeopleSearch(c.personId ? '' : q);

  const link = async (personId: string | null) => {
    await updateConversation(c.id, { personId });
    await qc.invalidateQueries({ queryKey: inboxKeys.all });
  };
  const openDeal = async () => {
    await createDeal({ title: `Atendimento: ${person.data?.name ?? visitorLabel(c)}`, personId: c.personId! });
    toast.success('Negócio criado no Kanban de leads.');
  };
  const createInCrm = async () => {
    const created = await createPerson({ name: visitorLabel(c), ...(c.visitorEmail ? { emails: [c.visitorEmail] } : {}), ...(c.visitorPhone ? { phones: [c.visitorPhone] } : {}) });
    await link(created.id);
    toast.success('Pessoa criada no CRM.');
  };

  return (
    <aside aria-label="Contato" className="grid content-start gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm">
      <h2 className="text-base font-semibold text-slate-900">Contato</h2>
      <dl className="grid gap-1 text-slate-700">
        <dt className="text-xs text-slate-600">Nome</dt>
        <dd>{visitorLabel(c)}</dd>
        {c.visitorEmail && (
          <>
            <dt className="text-xs text-slate-600">E-mail</dt>
            <dd className="break-all">{c.visitorEmail}</dd>
          </>
        )}
      </dl>
      {c.personId ? (
        <div className="grid gap-2">
          <p>
            No CRM: <strong>{person.data?.name ?? '…'}</strong>
          </p>
          <Link className="text-[var(--color-accent)] underline" to="/lista-contatos">
            Abrir a lista de contatos
          </Link>
          <Button size="sm" className="justify-self-start" pending={busy} onClick={() => run(openDeal)}>
            <Briefcase aria-hidden /> Criar negócio
          </Button>
          <Button size="sm" variant="ghost" onClick={() => run(() => link(null))}>
            Desvincular pessoa
          </Button>
        </div>
      ) : (
        <div className="grid gap-2">
          <Input aria-label="Buscar pessoa no CRM por e-mail, telefone ou nome" placeholder="E-mail, telefone ou nome" value={q} onChange={(e) => setQ(e.target.value)} />
          {hits.data && hits.data.length > 0 ? (
            <ul className="grid gap-1" aria-label="Pessoas encontradas">
              {hits.data.map((p) => (
                <li key={p.id} className="flex items-center justify-between gap-2">
                  <span className="truncate">{p.name}</span>
                  <Button size="sm" variant="secondary" onClick={() => run(() => link(p.id))}>
                    Vincular
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            q.trim().length >= 3 && !hits.isPending && <p className="text-slate-600">Ninguém encontrado no CRM.</p>
          )}
          <Button size="sm" className="justify-self-start" pending={busy} onClick={() => run(createInCrm)}>
            <UserPlus aria-hidden /> Criar pessoa no CRM
          </Button>
        </div>
      )}
    </aside>
  );
}
