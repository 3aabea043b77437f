import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useUrlParams } from '../../../lib/url-params.ts';
import { completeConnection } from '../api/connections.ts';
import { ecommerceKeys } from '../api/keys.ts';

/**
 * /ecommerce/conectar/:provider: where the store sends the person back after they approve Sede
 * (its app's redirect URL). The code and state go to the server once; then to the stores' tab,
 * where the import's progress shows.
 */
export default function ConnectPage() {
  const { provider = '' } = useParams();
  const [params] = useUrlParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const sent = useRef(false);
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (!code || !state) {
      setError('A loja não devolveu a autorização. Comece a conexão de novo.');
      return;
    }
    completeConnection(provider, { code, state })
      .then(async () => {
        await queryClient.invalidateQueries({ queryKey: ecommerceKeys.all });
        await navigate('/ecommerce?aba=lojas', { replace: true });
      })
      .catch((e: unknown) => setError(e instanceof ApiError ? e.message : 'Não foi possível concluir a conexão. Tente novamente.'));
  }, [code, state, provider, navigate, queryClient]);

  if (!error) return <Spinner label="Conectando a loja…" />;
  return (
    <div className="grid gap-3">
      <p role="alert" className="text-sm text-red-700">
        {error}
      </p>
      <Link to="/ecommerce?aba=lojas" className="w-fit text-sm text-[var(--color-accent)] underline">
        Voltar para as lojas
      </Link>
    </div>
  );
}
