import { useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { dateTime } from '@sede/shared/format';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { allowBlockedSite, dismissBlockedSite, useBlockedSites } from '../api/blocked-sites.ts';
import { inboxKeys } from '../api/keys.ts';

/**
 * The notice of sites outside 'Sites autorizados' that tried to use the chat (decision 0401): one
 * line per site, live; who may change the chat authorizes it or dismisses it ('Não é nosso').
 */
export function BlockedSitesNotice({ canManage }: { canManage: boolean }) {
  const qc = useQueryClient();
  const sites = useBlockedSites();
  const [pending, setPending] = useState<string | null>(null);
  useLiveInvalidate('inbox_blocked_site', inboxKeys.blockedSites);
  if (!sites.data?.length) return null;

  async function act(id: string, action: 'allow' | 'dismiss') {
    setPending(`${id}:${action}`);
    try {
      await (action === 'allow' ? allowBlockedSite(id) : dismissBlockedSite(id));
      await Promise.all([qc.invalidateQueries({ queryKey: inboxKeys.blockedSites }), qc.invalidateQueries({ queryKey: inboxKeys.settings })]);
      toast.success(action === 'allow' ? 'Site autorizado: o chat já funciona nele.' : 'Aviso dispensado.');
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'Não foi possível concluir. Tente de novo.');
    } finally {
      setPending(null);
    }
  }

  return (
    <section aria-labelledby="blocked-sites-title" className="grid gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <h2 id="blocked-sites-title" className="flex items-center gap-2 font-semibold">
        <ShieldAlert className="size-4 shrink-0" aria-hidden />
        {sites.data.length === 1 ? 'Um site fora da lista tentou usar o seu chat' : `${sites.data.length} sites fora da lista tentaram usar o seu chat`}
      </h2>
      <p>
        Nesses sites o chat aparece como indisponível e oferece o e-mail da empresa. Se o site é seu, autorize-o; se não é, dispense o aviso.
      </p>
      <ul className="grid gap-2" aria-label="Sites fora da lista">
        {sites.data.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-amber-200 bg-white px-3 py-2">
            <span className="min-w-0 flex-1">
              <span className="block font-medium break-all text-slate-900">{s.origin}</span>
              <span className="block text-xs text-slate-600">Última tentativa em {dateTime(s.lastSeenAt)}</span>
            </span>
            {canManage && (
              <span className="flex gap-2">
                <Button size="sm" variant="secondary" pending={pending === `${s.id}:allow`} onClick={() => void act(s.id, 'allow')} aria-label={`Autorizar ${s.origin}`}>
                  Autorizar
                </Button>
                <Button size="sm" variant="ghost" pending={pending === `${s.id}:dismiss`} onClick={() => void act(s.id, 'dismiss')} aria-label={`Dispensar o aviso de ${s.origin}`}>
                  Não é nosso
                </Button>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
