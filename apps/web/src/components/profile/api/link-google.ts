import { useMutation } from '@tanstack/react-query';
import { loadAuthClient, toResult } from '../../../lib/session/auth-call.ts';

/** Links a Google identity to the signed-in account; Google sends the person back to /perfil. */
export async function linkGoogle(callbackURL = '/perfil') {
  const client = await loadAuthClient();
  return toResult<{ url?: string; redirect?: boolean }>(await client.linkSocial({ provider: 'google', callbackURL }));
}

export const useLinkGoogle = () => useMutation({ mutationFn: linkGoogle, retry: false });
