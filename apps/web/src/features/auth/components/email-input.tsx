import type { ComponentProps } from 'react';
import { Input } from '../../../components/ui/input.tsx';
import { preloadAuthClient } from '../../../lib/session/auth-call.ts';

/** The e-mail of 'Entrar' and 'Recuperar Senha'; focusing it starts loading the sign-in client. */
export function EmailInput(props: ComponentProps<typeof Input>) {
  return <Input type="email" name="email" autoComplete="email" inputMode="email" placeholder="voce@empresa.com.br" onFocus={preloadAuthClient} {...props} />;
}
