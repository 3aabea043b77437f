import { Building2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button.tsx';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { ApiError } from '../../../../lib/api-client.ts';

/** A client's page that could not open: gone or hidden from the person (404), or a failure ('Não foi possível abrir …'). */
export function ClientUnavailable({ error, failed }: { error: unknown; failed: string }) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <EmptyState
      icon={Building2}
      title={missing ? 'Empresa cliente não encontrada' : failed}
      description={missing ? 'Ela pode ter sido excluída, ou você não está entre os membros que a veem.' : 'Tente de novo em instantes.'}
      action={
        <Button asChild variant="secondary">
          <Link to="/marketing">Voltar ao marketing</Link>
        </Button>
      }
    />
  );
}
