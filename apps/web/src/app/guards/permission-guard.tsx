import type { ReactNode } from 'react';
import { hasAnyPermission, type GuardKey } from '@sede/shared/permissions';
import { FullScreenSpinner } from '../../components/ui/spinner.tsx';
import { useAuth } from '../../lib/session/auth-provider.tsx';
import { AccessDenied } from '../../features/access/components/access-denied.tsx';

/**
 * 'Verificando permissões...' while permissions load; then the content when a signed-in
 * person has at least one required flag, else the supplied fallback or the access-denied screen.
 * Comfort only: the server decides on every request.
 */
export function PermissionGuard({ keys, fallback, children }: { keys: GuardKey[]; fallback?: ReactNode; children: ReactNode }) {
  const { isAuthenticated, permissions, permissionsLoading } = useAuth();
  if (permissionsLoading) return <FullScreenSpinner label="Verificando permissões..." />;
  if (isAuthenticated && hasAnyPermission(permissions, keys)) return <>{children}</>;
  return <>{fallback ?? <AccessDenied required={keys} />}</>;
}
