import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { useAuth } from '../../auth/auth-provider.tsx';
import { clearCachedPermissions } from '../../auth/hooks/permissions-cache.ts';
import { AccessDetails } from '../components/access-denied.tsx';

export default function UserAccessDebugPage() {
  const queryClient = useQueryClient();
  const { refresh } = useAuth();
  const clearCaches = async () => {
    clearCachedPermissions();
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
    await refresh();
    toast.success('Cache limpo com sucesso!');
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Seus dados de acesso</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        <AccessDetails />
        <div>
          <Button onClick={() => void clearCaches()}>Limpar cache de permissões</Button>
        </div>
      </CardContent>
    </Card>
  );
}
