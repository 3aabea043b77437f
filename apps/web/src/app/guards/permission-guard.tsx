import type { ReactNode } from 'react';
import { allows, type Access } from '@sede/shared/permissions';
import { FullScreenSpinner } from '../../components/ui/spinner.tsx';
import { useAuth } from '../../lib/session/auth-provider.tsx';
import { AccessDenied } from '../../features/access/components/access-denied.tsx';

/**
 * 'Verificando permissões...' while permissions load; then the content when a signed-in
 * person holds at least one required key (a spec flag, or a permission of their membership),
 * else the supplied fallback or the access-denied screen.
 * Comfort only: the server decides on every request.
 */
export function PermissionGuard({ keys, fallback, children }: { keys: Access[]; fallback?: ReactNode; children: ReactNode }) {
  const { isAuthenticated, permissions, membership, permissionsLoading } = useAuth();
  if (permissionsLoading) return <FullScreenSpinner label="Verificando permissões..." />;
  if (isAuthenticated && allows(permissions, membership, keys)) return <>{children}</>;
  return <>{fallback ?? <AccessDenied required={keys} />}</>;
}
