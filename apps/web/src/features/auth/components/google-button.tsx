import { useRef } from 'react';
import { toast } from '../../../lib/toast.ts';
import { AUTH_MESSAGES } from '@sede/shared/auth-messages';
import { TOASTS } from '@sede/shared/constants';
import { Button } from '../../../components/ui/button.tsx';
import { getConfig } from '../../../lib/session/app-config.ts';
import { useSignInWithGoogle } from '../api/sign-in-google.ts';
import { GoogleIcon } from '../../../components/form/google-icon.tsx';

const notAvailable = 'O acesso com Google não está disponível no momento. Entre com e-mail e senha.';
const tryAgain = 'Tente novamente';

/** 'Entrar com Google': never fails silently — no configuration or any error gives a toast. */
export function GoogleButton() {
  const google = useSignInWithGoogle();
  const busy = useRef(false);

  const fail = (description: string) =>
    toast.error(AUTH_MESSAGES.googleError, { description, duration: TOASTS.googleErrorDuration });

  const start = async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      const config = await getConfig();
      if (!config.googleEnabled) return fail(notAvailable);
      const { error } = await google.mutateAsync();
      if (error) fail(tryAgain);
      // On success the browser is on its way to Google.
    } catch {
      fail(tryAgain);
    } finally {
      busy.current = false;
    }
  };

  return (
    <Button type="button" variant="secondary" className="w-full" pending={google.isPending} onClick={() => void start()}>
      {!google.isPending && <GoogleIcon />}
      Entrar com Google
    </Button>
  );
}
