import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { clearCachedPermissions } from '../../../lib/session/permissions-cache.ts';
import { AccessDetails } from '../components/access-denied.tsx';
import { authKeys } from '../../../lib/session/keys.ts';

export default function UserAccessDebugPage() {
  const queryClient = useQueryClient();
  const { refresh } = useAuth();
  const [clearing, setClearing] = useState(false);
  const clearCaches = async () => {
    setClearing(true);
    try {
      clearCachedPermissions();
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== authKeys.me[0] });
      await refresh();
      toast.success('Cache limpo com sucesso!');
    } catch {
      toast.error('Não foi possível recarregar seus dados de acesso', { description: 'Tente novamente em alguns instantes.' });
    } finally {
      setClearing(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Seus dados de acesso</CardTitle>
        <CardDescription>
          O que o servidor sabe sobre o seu acesso agora. Se algo parecer errado, peça a um administrador que confira sua função em Administração.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <AccessDetails />
        <div>
          <Button onClick={() => void clearCaches()} pending={clearing}>Limpar cache</Button>
        </div>
      </CardContent>
    </Card>
  );
}
