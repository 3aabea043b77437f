import { Plug } from 'lucide-react';
import { PROVIDER_LABELS, type Provider } from '@sede/shared/ecommerce/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useBusyAction } from '../../../lib/use-busy-action.ts';
import { startConnection } from '../api/connections.ts';

/** 'Conectar Nuvemshop' / 'Conectar Mercado Livre': to the platform's approval page, which sends the person back to /ecommerce/conectar/<provider>. */
export function ConnectButton({ provider, variant = 'primary' }: { provider: Provider; variant?: 'primary' | 'secondary' }) {
  const { busy, run } = useBusyAction((e) => (e instanceof ApiError ? e.message : 'Não foi possível começar a conexão.'));
  const connect = () =>
    run(async () => {
      const { url } = await startConnection(provider);
      window.location.assign(url);
    });
  return (
    <Button variant={variant} onClick={() => void connect()} pending={busy}>
      <Plug aria-hidden /> Conectar {PROVIDER_LABELS[provider]}
    </Button>
  );
}
