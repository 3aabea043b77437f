import { useQuery } from '@tanstack/react-query';
import { Link, useMatches } from 'react-router';
import { areaOf, type AreaKey } from '@sede/shared/registry/areas';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { NAV_ICONS } from '../../../components/nav-icons.ts';
import { api } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { departmentKeys } from '../api/keys.ts';

/**
 * A department area before its contents exist: what the area is for, checked against the
 * server (the same permission middleware every later endpoint will use).
 */
export function DepartmentEmpty({ department }: { department: AreaKey }) {
  const dept = areaOf(department);
  const title = (useMatches().at(-1)?.handle as { title?: string } | undefined)?.title ?? dept.title;
  const { company } = useAuth();
  const summary = useQuery({
    queryKey: departmentKeys.summary(department),
    queryFn: () => api<{ items: unknown[] }>(`/departments/${department}/summary`),
    enabled: Boolean(company),
  });
  if (!company) {
    return (
      <EmptyState
        icon={NAV_ICONS[dept.icon]}
        title={`${title}: vincule sua empresa primeiro`}
        description="As áreas mostram os dados da sua empresa. Vincule sua empresa pelo CNPJ ou aceite o convite que você recebeu por e-mail."
        action={
          <Button asChild>
            <Link to="/company-welcome">Vincular empresa</Link>
          </Button>
        }
      />
    );
  }
  return (
    <div className="grid gap-4">
      <EmptyState
        icon={NAV_ICONS[dept.icon]}
        title={`${title}: nada por aqui ainda`}
        description={`${dept.description} Esta área está sendo preparada e ficará disponível em breve para a sua empresa.`}
        action={
          <Button asChild variant="secondary">
            <Link to="/empresa">Voltar para a empresa</Link>
          </Button>
        }
      />
      {summary.isError && <p className="text-sm text-red-700" role="alert">Não foi possível carregar os dados desta área.</p>}
    </div>
  );
}
