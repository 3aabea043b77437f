import { Check } from 'lucide-react';
import { toast } from '../../lib/toast.ts';
import { PROFILE_MESSAGES } from '@sede/shared/profile';
import { Button } from '../../components/ui/button.tsx';
import { useAppConfig } from '../../lib/session/get-config.ts';
import { GoogleIcon } from '../../components/form/google-icon.tsx';
import { useLinkGoogle } from './api/link-google.ts';

/** 'Vincular com Google': links a Google identity when Google is configured on the server. */
export function GoogleLinkButton({ linked, callbackURL }: { linked: boolean; callbackURL: string }) {
  const config = useAppConfig();
  const link = useLinkGoogle();
  if (linked) {
    return (
      <Button variant="secondary" className="w-full" disabled>
        <Check aria-hidden /> Conta Google vinculada
      </Button>
    );
  }
  const onClick = async () => {
    if (!config.data?.googleEnabled) {
      toast.error(PROFILE_MESSAGES.googleLinkError, { description: 'O acesso com Google não está disponível no momento.' });
      return;
    }
    const result = await link.mutateAsync(callbackURL).catch(() => null);
    if (!result || result.error) toast.error(PROFILE_MESSAGES.googleLinkError, { description: result?.error?.message });
  };
  return (
    <Button variant="secondary" className="w-full" onClick={() => void onClick()} pending={link.isPending}>
      <GoogleIcon /> Vincular com Google
    </Button>
  );
}
