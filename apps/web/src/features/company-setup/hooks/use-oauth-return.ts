import { useEffect, useRef, useState } from 'react';
import type { NavigateFunction } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { COMPANY_MESSAGES } from '@sede/shared/company';
import { TOASTS } from '@sede/shared/constants';

/** The §8 toast for a Google return with an error param (6 s). */
export function showOAuthError(error: string) {
  if (error === 'access_denied') {
    toast.error(COMPANY_MESSAGES.accessDenied, { description: COMPANY_MESSAGES.accessDeniedDescription, duration: TOASTS.googleErrorDuration });
  } else {
    toast.error(COMPANY_MESSAGES.oauthError, { description: COMPANY_MESSAGES.oauthErrorDescription, duration: TOASTS.googleErrorDuration });
  }
}

type OAuthState = { oauth?: boolean; oauthError?: string | null } | null | undefined;

/**
 * The OAuth return of spec §4 on /company-setup. The routing rules (app/guards/route-rules.tsx)
 * clean the tokens from the URL and hand over `state = { oauth, oauthError }`; an `?error=`
 * that reached the page directly is read and cleaned here. Success: prefill and a message;
 * the banner; error: 'Erro ao conectar com Google' / 'Tente novamente' for 6 s (access_denied: 'Acesso negado').
 */
export function useOAuthReturn(opts: { pathname: string; state: unknown; search: string; navigate: NavigateFunction; prefill: () => void }) {
  const state = opts.state as OAuthState;
  const queryError = new URLSearchParams(opts.search).get('error');
  const error = state?.oauthError || queryError || null;
  // Kept for the page's life: the Google flow ends on /onboarding, even after the URL is cleaned.
  const [googleFlow] = useState(() => Boolean(state?.oauth) && !error);
  const handled = useRef(false);
  const { navigate, pathname, prefill } = opts;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on arrival (the URL is cleaned afterwards)
  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    if (error) {
      showOAuthError(error);
      if (queryError) {
        const search = new URLSearchParams(opts.search);
        search.delete('error');
        search.delete('error_description');
        navigate(`${pathname}${search.size ? `?${search}` : ''}`, { replace: true, state: null });
      }
      return;
    }
    // The success message is the page's own banner (it stays while the person fills the form).
    if (googleFlow) prefill();
  }, []);

  return { googleFlow, error };
}
