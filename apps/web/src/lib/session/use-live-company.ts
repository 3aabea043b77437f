import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { emitAuthEvent } from '../auth-events.ts';
import { getMe } from './get-me.ts';
import { whenIdle } from '../when-idle.ts';
import { invalidateMe, meCameWithPage, updateMe } from './me-store.ts';
import { LIVE_COMPANY_ROOTS } from './live-keys.ts';

const LIVE_RETRY_BASE_MS = 1000;
const LIVE_RETRY_MAX_MS = 30_000;

/**
 * The live subscription of spec §4: the server relays changes of the person's company row
 * (the coin balance) and of their own access over SSE. It reconnects by itself (decision 0049).
 */
export function useLiveCompany(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    // EventSource retries a dropped connection by itself, but gives up for good on an HTTP
    // error answer (a 502/503 from a proxy during a deploy): then we open a new one, backing off.
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retries = 0;
    let stopped = false;
    // Every (re)connection starts with 'ready'; after a reconnect, changes made while the
    // stream was down were never relayed, so the balance and access are read again.
    let connectedBefore = false;
    let cancelResync = () => {};

    const connect = () => {
      const es = new EventSource('/api/events');
      source = es;
      es.addEventListener('ready', () => {
        retries = 0;
        if (connectedBefore) {
          invalidateMe();
          void queryClient.invalidateQueries({ queryKey: LIVE_COMPANY_ROOTS.company });
        }
        // lib/live: what was read before this stream existed (or while it was down) may have
        // changed unheard: live entity queries refetch once, on every (re)connection. A page that
        // came with its data (decision 0766) does it once the browser is idle: the hydration first.
        const resync = () => window.dispatchEvent(new CustomEvent('sede:live'));
        if (!connectedBefore && meCameWithPage()) cancelResync = whenIdle(resync);
        else resync();
        connectedBefore = true;
      });
      es.addEventListener('error', () => {
        if (stopped || es.readyState !== EventSource.CLOSED) return;
        const delay = Math.min(LIVE_RETRY_MAX_MS, LIVE_RETRY_BASE_MS * 2 ** retries++);
        retryTimer = setTimeout(async () => {
          // Signed out meanwhile (a 401 also closes the stream): stop instead of retrying.
          const me = await getMe().catch(() => undefined);
          if (stopped) return;
          if (me === null) emitAuthEvent('SIGNED_OUT', { broadcast: false });
          else connect();
        }, delay);
      });
      es.addEventListener('company', (e) => {
        const { currency_amount } = JSON.parse((e as MessageEvent).data) as { currency_amount: number };
        updateMe((me) =>
          me?.company
            ? { ...me, company: { ...me.company, currency_amount }, profile: me.profile && { ...me.profile, currency_amount } }
            : me,
        );
        void queryClient.invalidateQueries({ queryKey: LIVE_COMPANY_ROOTS.company });
        void queryClient.invalidateQueries({ queryKey: LIVE_COMPANY_ROOTS.billing });
      });
      es.addEventListener('entity', (e) => window.dispatchEvent(new CustomEvent('sede:live', { detail: JSON.parse((e as MessageEvent).data) })));
      es.addEventListener('me', () => invalidateMe());
      es.addEventListener('session', async () => {
        const me = await getMe().catch(() => undefined);
        if (me === null) emitAuthEvent('SIGNED_OUT', { broadcast: false });
      });
    };

    connect();
    return () => {
      stopped = true;
      cancelResync();
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [enabled, queryClient]);
}
