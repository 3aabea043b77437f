import { useQueryClient } from '@tanstack/react-query';
import { BOLETO_MESSAGES, PROVIDER_ENVIRONMENT_LABELS, PROVIDER_ENVIRONMENTS, type ProviderEnvironment, type ProviderSettings } from '@sede/shared/finance/boleto';
import type { FinAccount } from '@sede/shared/finance/registers';
import { dateTime } from '@sede/shared/format';
import { KeyRound, Landmark, Pencil, RefreshCw, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { FormAlert } from '../../../../components/form/form-alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card.tsx';
import { useConfirm } from '../../../../components/ui/confirm-dialog.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { FormActions } from '../../../../components/ui/form-actions.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { useLiveInvalidate } from '../../../../lib/live/entity-events.ts';
import { CopyField } from '../../../payment-page/public.ts';
import { boletoKeys, deleteBoletoSettings, rotateBoletoWebhookToken, saveBoletoSettings, useBoletoSettings } from '../../api/boleto.ts';
import { Select } from '../select.tsx';
import { NamedOptions } from '../../../../components/ui/named-options.tsx';
import { EnumSelect } from '../../../../components/ui/option-select.tsx';

const EVENTS = 'PAYMENT_RECEIVED, PAYMENT_CONFIRMED, PAYMENT_OVERDUE e PAYMENT_DELETED';

/**
 * Boleto through Asaas (decisions 0570–0572): the company's API key (kept encrypted, tried at
 * Asaas before it is saved), sandbox or production, the account that stands for the Asaas
 * balance, and the webhook's address and token to paste in Asaas (the token shown once).
 */
export function BoletoProviderCard({ accounts, mayWrite }: { accounts: FinAccount[]; mayWrite: boolean }) {
  const settings = useBoletoSettings();
  const queryClient = useQueryClient();
  useLiveInvalidate('fin_payment_provider', boletoKeys.settings);
  const [editing, setEditing] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const confirm = useConfirm();
  const active = accounts.filter((a) => !a.archived);
  const saved = async (next: ProviderSettings) => {
    queryClient.setQueryData(boletoKeys.settings, { ...next, webhookToken: undefined });
    if (next.webhookToken) setToken(next.webhookToken);
    setEditing(false);
  };
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      const r = await work();
      toast.success(done);
      if (r && typeof r === 'object' && 'configured' in r) await saved(r as ProviderSettings);
      else await queryClient.invalidateQueries({ queryKey: boletoKeys.settings });
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Não foi possível concluir.');
    }
  };
  const s = settings.data;
  return (
    <Card data-testid="boleto-provider-card">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle>Boleto (Asaas)</CardTitle>
          <CardDescription>Para emitir boleto registrado com Pix (boleto híbrido) pela sua conta no Asaas. A baixa é automática quando o cliente paga.</CardDescription>
        </div>
        {mayWrite && s?.configured && !editing && (
          <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
            <Pencil aria-hidden /> Alterar
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {!s ? (
          settings.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {settings.error.message}
            </p>
          ) : (
            <Spinner label="Carregando a configuração…" />
          )
        ) : settings.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {settings.error.message}
          </p>
        ) : (
          <>
            {token && (
              <div className="grid gap-2 rounded-lg bg-amber-50 p-3 ring-1 ring-amber-200 ring-inset" data-testid="boleto-webhook-token">
                <p className="text-sm text-amber-950">
                  <strong>Copie o token agora:</strong> ele não será mostrado de novo. No Asaas, em Integrações › Webhooks, crie um webhook com o endereço abaixo, cole este token em “Token de autenticação” e marque os eventos {EVENTS}.
                </p>
                <CopyField label="Token do webhook" value={token} copyLabel="Copiar token" done="Token copiado." />
              </div>
            )}
            {s.configured && !editing ? (
              <div className="grid gap-3">
                <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
                  <div>
                    <dt className="text-xs text-slate-600">Ambiente</dt>
                    <dd className="font-medium text-slate-900">{PROVIDER_ENVIRONMENT_LABELS[s.environment!]}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-600">Conta que recebe</dt>
                    <dd className="font-medium text-slate-900">{s.accountName ?? '—'}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-600">Chave de API</dt>
                    <dd className="font-mono font-medium text-slate-900">{s.apiKeyHint}</dd>
                  </div>
                </dl>
                <CopyField label="Endereço do webhook (cole no Asaas)" value={s.webhookUrl} copyLabel="Copiar endereço" done="Endereço copiado." />
                {s.updatedAt && <p className="text-xs text-slate-600">Alterado em {dateTime(s.updatedAt)}.</p>}
                {mayWrite && (
                  <div className="flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={async () =>
                        (await confirm.ask({ title: 'Gerar novo token do webhook?', description: 'O token atual para de valer na hora: cole o novo no webhook do Asaas.', confirmLabel: 'Gerar novo token' })) &&
                        act(rotateBoletoWebhookToken, 'Novo token gerado.')
                      }
                    >
                      <RefreshCw aria-hidden /> Gerar novo token
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={async () =>
                        (await confirm.ask({ title: 'Remover o Asaas?', description: 'Sem a configuração, não é possível emitir boletos nem receber a baixa automática.', confirmLabel: 'Remover', destructive: true })) &&
                        act(deleteBoletoSettings, 'Configuração do Asaas removida.')
                      }
                    >
                      <Trash2 aria-hidden /> Remover
                    </Button>
                  </div>
                )}
              </div>
            ) : mayWrite && active.length > 0 ? (
              <ProviderForm settings={s} accounts={active} onSaved={saved} onCancel={s.configured ? () => setEditing(false) : undefined} />
            ) : (
              <div className="grid justify-items-center gap-2 rounded-lg border border-dashed border-slate-300 p-6 text-center">
                <Landmark className="size-6 text-[var(--color-accent)]" aria-hidden />
                <p className="text-sm text-slate-700">{active.length ? 'O Asaas ainda não foi configurado. Peça a quem cuida do Financeiro.' : 'Cadastre antes a conta que representa o saldo do Asaas.'}</p>
              </div>
            )}
          </>
        )}
      </CardContent>
      {confirm.dialog}
    </Card>
  );
}

function ProviderForm({ settings, accounts, onSaved, onCancel }: { settings: ProviderSettings; accounts: FinAccount[]; onSaved: (s: ProviderSettings) => void; onCancel?: () => void }) {
  const [environment, setEnvironment] = useState<ProviderEnvironment>(settings.environment ?? 'sandbox');
  const [apiKey, setApiKey] = useState('');
  const [accountId, setAccountId] = useState(settings.accountId ?? accounts[0]?.id ?? '');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!settings.configured && apiKey.trim().length < 8) return setError(BOLETO_MESSAGES.apiKey);
    setPending(true);
    setError(null);
    try {
      const next = await saveBoletoSettings({ environment, accountId, ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}) });
      toast.success('Asaas configurado: a chave foi aceita.');
      onSaved(next);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Não foi possível salvar.');
    } finally {
      setPending(false);
    }
  };
  return (
    <form onSubmit={submit} className="grid gap-3" noValidate data-testid="boleto-provider-form">
      {error && <FormAlert title={error} />}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Ambiente">
          <EnumSelect className="pr-8" values={PROVIDER_ENVIRONMENTS} labels={PROVIDER_ENVIRONMENT_LABELS} value={environment} onChange={setEnvironment} />
        </Field>
        <Field label="Conta que recebe (saldo do Asaas)">
          <Select value={accountId} onChange={(e) => setAccountId(e.target.value)}>
            <NamedOptions items={accounts} />
          </Select>
        </Field>
      </div>
      <Field label="Chave de API do Asaas" hint={settings.configured ? `Deixe em branco para manter a chave atual (${settings.apiKeyHint}).` : 'No Asaas: Integrações › Chaves de API. Ela é guardada criptografada.'}>
        <Input type="password" value={apiKey} onChange={(e) => setApiKey(e.target.value)} placeholder="$aact_…" maxLength={400} autoComplete="off" />
      </Field>
      <FormActions onCancel={onCancel} pending={pending} submitLabel={<><KeyRound aria-hidden /> Salvar e testar a chave</>} stacked />
    </form>
  );
}
