import { MessageCircle, Settings } from 'lucide-react';
import { useState } from 'react';
import { SCOPES, type Scope } from '@sede/shared/inbox/schemas';
import { can, grantsFor } from '@sede/shared/registry/permissions';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { inboxKeys } from '../api/keys.ts';
import { BlockedSitesNotice } from './blocked-sites-notice.tsx';
import { ConversationList, type ListFilters } from './conversation-list.tsx';
import { ConversationView } from './conversation-view.tsx';
import { SettingsDialog } from './settings-dialog.tsx';
import { WhatsappDialog } from './whatsapp-dialog.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';

/**
 * The customer-service inbox (decision 0267): `split` = list and conversation side by side with
 * the contact panel (/atendimento; one column on phones), `single` = list → conversation in one
 * column (/atendimento-simples). Filters and the open conversation live in the URL.
 */
export function Inbox({ layout }: { layout: 'split' | 'single' }) {
  const [params, setParams] = useUrlParams();
  const [configuring, setConfiguring] = useState(false);
  const [whatsapp, setWhatsapp] = useState(false);
  const { membership } = useAuth();
  const grants = grantsFor(membership);
  const admin = can(grants, 'company.settings');
  useLiveInvalidate('inbox_conversation', inboxKeys.all);
  const selected = params.get('conversa');
  const scopeParam = params.get('filtro') as Scope | null;
  const filters: ListFilters = { scope: scopeParam && SCOPES.includes(scopeParam) ? scopeParam : 'all', status: params.get('situacao') ?? '' };
  const update = (changes: Record<string, string | null>) => {
    setParams(
      (next) => {
        for (const [k, v] of Object.entries(changes)) v ? next.set(k, v) : next.delete(k);
        return next;
      },
      { replace: !('conversa' in changes) },
    );
  };
  const setup = (
    <Button variant="secondary" onClick={() => setConfiguring(true)}>
      <Settings aria-hidden /> Instalar o chat no site
    </Button>
  );
  const single = layout === 'single';

  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="max-w-2xl text-sm text-slate-600">
          {single ? 'Responda as conversas do chat do site em uma única coluna.' : 'As conversas do chat do seu site: atribua, responda, anote e acompanhe cada atendimento.'}
        </p>
        <div className="flex flex-wrap gap-2">
          {admin && (
            <Button variant="secondary" onClick={() => setWhatsapp(true)}>
              <MessageCircle aria-hidden /> WhatsApp
            </Button>
          )}
          <Button variant="secondary" onClick={() => setConfiguring(true)}>
            <Settings aria-hidden /> Configurar chat
          </Button>
        </div>
      </div>
      <BlockedSitesNotice canManage={can(grants, 'inbox.delete')} />
      {/* minmax(0, …) tracks and min-w-0: a long unbroken preview truncates inside its row instead of widening the list under the pane. */}
      <div className={cn('grid min-w-0 grid-cols-1 gap-4', !single && 'md:grid-cols-[17rem_minmax(0,1fr)]')}>
        <div className={cn('min-w-0', selected && (single ? 'hidden' : 'hidden md:grid md:grid-cols-1'))}>
          <ConversationList
            filters={filters}
            onFilters={(f) => update({ filtro: f.scope === 'all' ? null : f.scope, situacao: f.status || null })}
            selected={selected}
            onSelect={(id) => update({ conversa: id })}
            emptyAction={setup}
          />
        </div>
        {selected ? (
          <ConversationView key={selected} id={selected} withPanel={!single} onBack={() => update({ conversa: null })} />
        ) : (
          !single && (
            <div className="hidden place-content-center rounded-xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600 md:grid">Escolha uma conversa para responder.</div>
          )
        )}
      </div>
      <SettingsDialog open={configuring} onOpenChange={setConfiguring} />
      {admin && <WhatsappDialog open={whatsapp} onOpenChange={setWhatsapp} />}
    </div>
  );
}
