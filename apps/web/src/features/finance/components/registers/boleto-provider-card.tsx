import { useQueryClient } from '@tanstack/react-query';
import { AUTO_CANCEL_REASON_LABELS, BOLETO_MESSAGES, PROVIDER_ENVIRONMENT_LABELS, PROVIDER_ENVIRONMENTS, type ProviderEnvironment, type ProviderSettings } from '@sede/shared/finance/boleto';
import type { FinAccount } from '@sede/shared/finance/registers';
import { dateTime } from '@sede/shared/format';
import { CircleCheck, KeyRound, Landmark, Pencil, RefreshCw, Trash2, TriangleAlert } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../../lib/toast.ts';
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
import { boletoKeys, deleteBoletoSettings, retryAutoCancel, rotateBoletoWebhookToken, saveBoletoSettings, useAutoCancellations, useBoletoSettings } from '../../api/boleto.ts';
import { Select } from '../select.tsx';
import { NamedOptions } from '../../../../components/ui/named-options.tsx';
import { EnumSelect } from '../../../../components/ui/option-select.tsx';

const EVENTS = 'PAYMENT_RECEIVED, PAYMENT_CONFIRMED, PAYMENT_OVERDUE, PAYMENT_DELETED, PAYMENT_REFUNDED e PAYMENT_PARTIALLY_REFUNDED';

/**
 * Boleto through Asaas (decisions 0570–0572, 0602, 0603): the company's API key (kept encrypted,
 * tried at Asaas before it is saved), sandbox or production, the account that stands for the Asaas
 * balance; Sede's webhook registered at Asaas by itself, with its state ('Registrar de novo'; the
 * address and a token to paste by hand only when Asaas refused it); the boletos Sede failed to
 * cancel at Asaas by itself, each with 'Tentar de novo'.
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
                  <strong>O Asaas não aceitou o registro automático. Copie o token agora:</strong> ele não será mostrado de novo. No Asaas, em Integrações › Webhooks, crie um webhook com o endereço abaixo, cole este token em “Token de autenticação” e marque os eventos {EVENTS}.
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
                <WebhookState settings={s} />
                {s.webhookState !== 'registered' && <CopyField label="Endereço do webhook (cole no Asaas)" value={s.webhookUrl} copyLabel="Copiar endereço" done="Endereço copiado." />}
                {s.updatedAt && <p className="text-xs text-slate-600">Alterado em {dateTime(s.updatedAt)}.</p>}
                {mayWrite && (
                  <div className="flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={async () =>
                        (await confirm.ask({ title: 'Registrar o webhook de novo?', description: 'O Sede registra o webhook no Asaas com um novo token; o token atual para de valer.', confirmLabel: 'Registrar de novo' })) &&
                        act(rotateBoletoWebhookToken, 'Pedido enviado ao Asaas.')
                      }
                    >
                      <RefreshCw aria-hidden /> Registrar webhook de novo
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
            ) : null}
            {s.configured && !editing && <AutoCancellations mayWrite={mayWrite} />}
            {s.configured && !editing ? null : mayWrite && active.length > 0 ? (
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

/** Sede's webhook at Asaas (decision 0603): registered, or why Asaas refused it. */
function WebhookState({ settings: s }: { settings: ProviderSettings }) {
  if (s.webhookState === 'registered')
    return (
      <p className="flex items-start gap-2 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 ring-1 ring-emerald-200 ring-inset" role="status" data-testid="asaas-webhook-state">
        <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          Webhook registrado no Asaas{s.webhookRegisteredAt ? ` em ${dateTime(s.webhookRegisteredAt)}` : ''}: pagamentos, vencimentos e estornos chegam sozinhos, com um token que o Sede confere a cada aviso.
        </span>
      </p>
    );
  if (s.webhookState === 'failed')
    return (
      <p className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200 ring-inset" role="status" data-testid="asaas-webhook-state">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          O Sede não conseguiu registrar o webhook no Asaas{s.webhookError ? ` (${s.webhookError})` : ''}. Tente “Registrar webhook de novo” ou crie-o no Asaas com o endereço abaixo.
        </span>
      </p>
    );
  return null;
}

/** The boletos Sede cancelled at Asaas by itself or failed to (decision 0602); the failed ones can be tried again. */
function AutoCancellations({ mayWrite }: { mayWrite: boolean }) {
  const list = useAutoCancellations();
  useLiveInvalidate('fin_payment_provider', boletoKeys.autoCancellations);
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<string | null>(null);
  const failed = list.data?.cancellations.filter((c) => c.state === 'failed') ?? [];
  if (!failed.length) return null;
  const retry = async (id: string) => {
    setPending(id);
    try {
      const r = await retryAutoCancel(id);
      if (r.state === 'done') toast.success('Boleto cancelado no Asaas.');
      else toast.error(r.error ?? 'O Asaas ainda não cancelou o boleto.');
      await queryClient.invalidateQueries({ queryKey: boletoKeys.autoCancellations });
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Não foi possível concluir.');
    } finally {
      setPending(null);
    }
  };
  return (
    <section className="grid gap-2 rounded-lg bg-red-50 p-3 ring-1 ring-red-200 ring-inset" aria-labelledby="auto-cancel-title" data-testid="auto-cancellations">
      <h3 id="auto-cancel-title" className="text-sm font-semibold text-red-900">
        Boletos que o Sede não conseguiu cancelar no Asaas
      </h3>
      <ul className="grid gap-2">
        {failed.map((c) => (
          <li key={c.id} className="flex flex-col gap-2 text-sm text-red-900 sm:flex-row sm:items-center sm:justify-between">
            <span className="min-w-0 break-words">
              <strong>{c.label}</strong> — {AUTO_CANCEL_REASON_LABELS[c.reason]}. {c.error}
            </span>
            {mayWrite && (
              <Button size="sm" variant="secondary" className="shrink-0" pending={pending === c.id} onClick={() => retry(c.id)}>
                <RefreshCw aria-hidden /> Tentar de novo
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
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
