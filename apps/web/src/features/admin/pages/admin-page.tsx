import * as Tabs from '@radix-ui/react-tabs';
import { Database, History, MailPlus, Plug, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ActivityPanel } from '../components/activity-panel.tsx';
import { InvitationsPanel } from '../components/invitations-panel.tsx';
import { MembersPanel } from '../components/members-panel.tsx';
import { ReceitaRefreshPanel } from '../components/receita-refresh-panel.tsx';

const TABS = [
  { value: 'membros', label: 'Membros', icon: Users, panel: MembersPanel },
  { value: 'convites', label: 'Convites', icon: MailPlus, panel: InvitationsPanel },
  { value: 'atividade', label: 'Atividade', icon: History, panel: ActivityPanel },
  { value: 'base-cnpj', label: 'Base de CNPJs', icon: Database, panel: ReceitaRefreshPanel },
] as const;

/** /admin (admins only): members and roles, invitations, the activity log, and the installation's CNPJ data upkeep. */
export default function AdminPage() {
  // One column that never grows past the page (minmax(0, 1fr)): a long e-mail in a list is cut, not widening the page on a phone.
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 className="text-xl font-semibold text-slate-900">Equipe e acesso</h2>
          <p className="text-sm text-slate-600">Quem faz parte da empresa, o que cada pessoa pode abrir, o que aconteceu recentemente e a base de CNPJs deste servidor.</p>
        </div>
        {/* The admin area's other page: API keys and webhooks (decision 0640). */}
        <Button variant="secondary" asChild>
          <Link to="/admin/integracoes">
            <Plug aria-hidden /> Integrações
          </Link>
        </Button>
      </div>
      <Tabs.Root defaultValue="membros" className="grid grid-cols-1 gap-4">
        <Tabs.List aria-label="Administração" className="flex gap-1 overflow-x-auto border-b border-slate-200">
          {TABS.map((t) => (
            <Tabs.Trigger
              key={t.value}
              value={t.value}
              className="-mb-px flex items-center gap-2 whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-[var(--color-accent)] data-[state=active]:border-[var(--color-accent)] data-[state=active]:text-[var(--color-accent)]"
            >
              <t.icon className="size-4" aria-hidden /> {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Content key={t.value} value={t.value} className="focus-visible:outline-none">
            <t.panel />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
