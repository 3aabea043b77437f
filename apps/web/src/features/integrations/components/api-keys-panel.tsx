import { useQueryClient } from '@tanstack/react-query';
import { BookOpen, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { dayOf, relativeTime } from '@sede/shared/format';
import { permissionsInWords, type ApiKey } from '@sede/shared/platform/api-keys';
import { AddButton } from '../../../components/ui/add-button.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { type DataColumn, DataList, listStates } from '../../../components/ui/data-list.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { integrationsKeys } from '../api/keys.ts';
import { useApiKeys } from '../api/list-api-keys.ts';
import { revokeApiKey } from '../api/revoke-api-key.ts';
import { NewKeyDialog } from './new-key-dialog.tsx';

const STATUS: Record<ApiKey['status'], [string, string]> = {
  active: ['Ativa', 'bg-emerald-100 text-emerald-900'],
  expired: ['Vencida', 'bg-amber-100 text-amber-900'],
  revoked: ['Revogada', 'bg-slate-200 text-slate-800'],
};

/** The expiry is the end of the chosen day in Brasília: the day shown is the one before that instant. */
const lastDay = (expiresAt: string) => dayOf(new Date(new Date(expiresAt).getTime() - 1));

function columns(revoke: (key: ApiKey) => void): DataColumn<ApiKey>[] {
  return [
    {
      id: 'name',
      header: 'Chave',
      card: 'title',
      cell: (k) => (
        <span className="grid">
          <span className="font-medium text-slate-900">{k.name}</span>
          <code className="text-xs text-slate-600">{k.prefix}…</code>
        </span>
      ),
    },
    {
      id: 'access',
      header: 'Acesso',
      card: 'subtitle',
      cell: (k) => (k.kind === 'form' ? `Formulário do site: ${k.allowedOrigins.join(', ')}` : permissionsInWords(k.permissions)),
    },
    { id: 'status', header: 'Situação', card: 'badge', cell: (k) => <Badge tone={STATUS[k.status][1]}>{STATUS[k.status][0]}</Badge> },
    { id: 'lastUsed', header: 'Último uso', card: 'meta', cell: (k) => (k.lastUsedAt ? relativeTime(k.lastUsedAt) : 'Nunca usada') },
    { id: 'expires', header: 'Validade', card: 'meta', cell: (k) => (k.expiresAt ? `Até ${lastDay(k.expiresAt)}` : 'Sem validade') },
    { id: 'created', header: 'Criada', card: 'meta', cell: (k) => `${dayOf(k.createdAt)}${k.createdBy ? ` por ${k.createdBy.name}` : ''}` },
    {
      id: 'actions',
      header: 'Ações',
      headerHidden: true,
      card: 'actions',
      cell: (k) =>
        k.status === 'revoked' ? null : (
          <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => revoke(k)} aria-label={`Revogar a chave ${k.name}`}>
            Revogar
          </Button>
        ),
    },
  ];
}

/** Administração → Integrações → 'Chaves de API': the company's keys, a new one, revoking one. */
export function ApiKeysPanel() {
  const queryClient = useQueryClient();
  const keys = useApiKeys();
  const confirm = useConfirm();
  const [creating, setCreating] = useState(false);
  const revoke = async (key: ApiKey) => {
    const ok = await confirm.ask({
      title: `Revogar a chave "${key.name}"?`,
      description: 'Os sistemas que usam esta chave perdem o acesso na hora. Isso não pode ser desfeito.',
      confirmLabel: 'Revogar',
      destructive: true,
    });
    if (!ok) return;
    try {
      await revokeApiKey(key.id);
      toast.success('Chave revogada');
    } catch (e) {
      toast.error('Não foi possível revogar a chave', { description: e instanceof ApiError ? e.message : undefined });
    } finally {
      await queryClient.invalidateQueries({ queryKey: integrationsKeys.apiKeys });
    }
  };
  const newKey = <AddButton onClick={() => setCreating(true)}>Nova chave</AddButton>;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-sm text-slate-600">
          Chaves para os seus sistemas usarem a API pública da Sede. Cada chave vê só os dados desta empresa e só o que as permissões dela deixam.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" asChild>
            <a href="/api/docs" target="_blank" rel="noreferrer">
              <BookOpen aria-hidden /> Documentação da API
            </a>
          </Button>
          {newKey}
        </div>
      </div>
      <DataList
        label="Chaves de API"
        rows={keys.data ?? []}
        columns={columns((k) => void revoke(k))}
        query={keys}
        states={listStates(KeyRound, 'as chaves', {
          title: 'Nenhuma chave de API',
          description: 'Crie uma chave para ligar o ERP, o site ou outro sistema à Sede.',
          action: <AddButton onClick={() => setCreating(true)}>Criar a primeira chave</AddButton>,
        })}
        rowTestId="api-key-row"
        total={keys.data?.length}
        countLabel={(n) => (n === 1 ? '1 chave' : `${n} chaves`)}
      />
      <NewKeyDialog open={creating} onOpenChange={setCreating} />
      {confirm.dialog}
    </div>
  );
}
