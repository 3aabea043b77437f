import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { PERMISSION_FLAGS, type Access } from '@sede/shared/permissions';
import { accessLabel, flagLabel } from '@sede/shared/registry/guard-labels';
import { roleLabel } from '@sede/shared/roles';
import { Button } from '../../../components/ui/button.tsx';
import { useAuth } from '../../../lib/session/auth-provider.tsx';

/** The current person's access data: shared by the access-denied screen and /user-access-debug. */
export function AccessDetails({ required }: { required?: Access[] }) {
  const { user, company, membership, permissions } = useAuth();
  const available = PERMISSION_FLAGS.filter((f) => permissions[f]);
  const denied = PERMISSION_FLAGS.filter((f) => !permissions[f]);
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-[12rem_1fr]">
      <dt className="font-medium text-slate-700">ID do usuário</dt>
      <dd className="break-all font-mono text-xs text-slate-900" data-testid="access-user-id">{user?.id ?? '—'}</dd>
      <dt className="font-medium text-slate-700">E-mail</dt>
      <dd className="break-all text-slate-900">{user?.email ?? '—'}</dd>
      <dt className="font-medium text-slate-700">Empresa</dt>
      <dd className="break-words text-slate-900" data-testid="access-company">{company ? company.fantasia || company.name : 'Nenhuma'}</dd>
      <dt className="font-medium text-slate-700">Função atual</dt>
      <dd className="text-slate-900" data-testid="access-role">{membership ? `${roleLabel(membership.role)} (${membership.role})` : 'Nenhuma (sem vínculo com empresa)'}</dd>
      {required && (
        <>
          <dt className="font-medium text-slate-700">Permissões necessárias</dt>
          <dd className="text-slate-900" data-testid="access-required">{required.map((k) => `${k} (${accessLabel(k)})`).join(', ')}</dd>
        </>
      )}
      <dt className="font-medium text-slate-700">Permissões disponíveis</dt>
      <dd className="text-emerald-800" data-testid="access-available">{available.map(flagLabel).join(', ') || 'Nenhuma'}</dd>
      <dt className="font-medium text-slate-700">Permissões negadas</dt>
      <dd className="text-red-700" data-testid="access-denied-list">{denied.map(flagLabel).join(', ') || 'Nenhuma'}</dd>
    </dl>
  );
}

export function AccessDenied({ required }: { required: Access[] }) {
  return (
    <div className="mx-auto grid max-w-2xl gap-6 rounded-xl border border-red-200 bg-white p-6">
      <div className="flex items-start gap-3">
        <ShieldAlert className="mt-0.5 size-6 shrink-0 text-red-600" aria-hidden />
        <div>
          <h2 className="text-lg font-semibold text-slate-900">Acesso negado</h2>
          <p className="text-sm text-slate-600">Sua função na empresa não dá acesso a esta área.</p>
        </div>
      </div>
      <AccessDetails required={required} />
      <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
        Verifique sua função na tabela de membros da empresa (company_members) ou peça a um administrador que ajuste seu acesso.
      </p>
      <div>
        <Button asChild variant="secondary">
          <Link to="/empresa">Voltar para a empresa</Link>
        </Button>
      </div>
    </div>
  );
}
