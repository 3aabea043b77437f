import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { emitAuthEvent } from '../../../lib/auth-events.ts';
import { getMe, meQueryKey, type Me } from '../api/get-me.ts';

/**
 * The live subscription of spec §4: the server relays changes of the person's company row
 * (the coin balance) and of their own access over SSE. EventSource reconnects by itself.
 */
export function useLiveCompany(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    // Every (re)connection starts with 'ready'; after a reconnect, changes made while the
    // stream was down were never relayed, so the balance and access are read again.
    let connectedBefore = false;
    source.addEventListener('ready', () => {
      if (connectedBefore) {
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
        void queryClient.invalidateQueries({ queryKey: ['company'] });
      }
      connectedBefore = true;
    });
    source.addEventListener('company', (e) => {
      const { currency_amount } = JSON.parse((e as MessageEvent).data) as { currency_amount: number };
      queryClient.setQueryData<Me | null>(meQueryKey, (me) =>
        me?.company
          ? { ...me, company: { ...me.company, currency_amount }, profile: me.profile && { ...me.profile, currency_amount } }
          : me,
      );
      void queryClient.invalidateQueries({ queryKey: ['company'] });
      void queryClient.invalidateQueries({ queryKey: ['billing'] });
    });
    source.addEventListener('me', () => {
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    });
    source.addEventListener('session', async () => {
      const me = await getMe().catch(() => undefined);
      if (me === null) emitAuthEvent('SIGNED_OUT', { broadcast: false });
    });
    return () => source.close();
  }, [enabled, queryClient]);
}
