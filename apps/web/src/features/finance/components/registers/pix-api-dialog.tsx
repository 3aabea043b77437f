import { useQueryClient } from '@tanstack/react-query';
import { dateTime } from '@sede/shared/format';
import { PIX_API_CERT_ALERT_DAYS, PIX_API_MESSAGES as M, type PixApiSettings } from '@sede/shared/finance/pix-api';
import type { FinAccount } from '@sede/shared/finance/registers';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '../../../../lib/toast.ts';
import { FormAlert } from '../../../../components/form/form-alert.tsx';
import { PasswordInput } from '../../../../components/form/password-input.tsx';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { useConfirm } from '../../../../components/ui/confirm-dialog.tsx';
import { DefinitionList } from '../../../../components/ui/definition-list.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { FormActions, FormError } from '../../../../components/ui/form-actions.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { ScrollDialog } from '../../../../components/ui/scroll-dialog.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { pixApiKey, removePixApiSettings, savePixApiSettings, uploadPixApiCertificate, usePixApiSettings } from '../../api/pix-api.ts';
import { usePixKeys } from '../../api/pix-keys.ts';
import { Select } from '../select.tsx';
import { Options } from '../../../../components/ui/option-select.tsx';
import { FilePickerField } from '../../../../components/form/file-picker-field.tsx';

const message = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

function validity(c: NonNullable<PixApiSettings['certificate']>) {
  if (c.daysLeft < 0) return <Badge tone="bg-red-100 text-red-900">Vencido</Badge>;
  if (c.daysLeft <= PIX_API_CERT_ALERT_DAYS) return <Badge tone="bg-amber-100 text-amber-900">Vence em {c.daysLeft} {c.daysLeft === 1 ? 'dia' : 'dias'}</Badge>;
  return <Badge tone="bg-emerald-100 text-emerald-900">Válido</Badge>;
}

/**
 * An account's Pix dinâmico (decisions 0560–0563): the bank's API Pix address and OAuth client,
 * the key the charges use, fine and interest of charges with a due date, and the bank's mTLS
 * certificate (PFX or PEM) with its expiry; the webhook's registration shown as the bank answered.
 */
export function PixApiDialog({ account, onClose, mayWrite }: { account: FinAccount | null; onClose: () => void; mayWrite: boolean }) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const accountId = account?.id ?? null;
  const settings = usePixApiSettings(accountId);
  const keys = usePixKeys();
  const current = settings.data?.settings ?? null;
  const accountKeys = (keys.data?.keys ?? []).filter((k) => k.accountId === accountId);
  const [form, setForm] = useState({ baseUrl: '', tokenUrl: '', clientId: '', clientSecret: '', pixKey: '', finePercent: '0', interestPercent: '0' });
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [certError, setCertError] = useState<string | null>(null);
  const [certPending, setCertPending] = useState(false);

  // The form is seeded once per loaded version of the settings (accountKeys' first key only seeds a new one).
  // biome-ignore lint/correctness/useExhaustiveDependencies: seeded once per loaded settings
  useEffect(() => {
    if (!accountId || settings.isPending) return;
    setForm({
      baseUrl: current?.baseUrl ?? '',
      tokenUrl: current?.tokenUrl ?? '',
      clientId: current?.clientId ?? '',
      clientSecret: '',
      pixKey: current?.pixKey ?? accountKeys[0]?.key ?? '',
      finePercent: String(current?.finePercent ?? 0).replace('.', ','),
      interestPercent: String(current?.interestPercent ?? 0).replace('.', ','),
    });
    setError(null);
    setCertError(null);
    setFile(null);
    setPassword('');
  }, [accountId, settings.isPending, current?.updatedAt]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: pixApiKey(accountId ?? '') });
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const percent = (v: string) => Number(v.replace(',', '.'));

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!accountId) return;
    if (!form.baseUrl.trim()) return setError(M.baseUrl);
    if (!form.clientId.trim()) return setError(M.clientId);
    if (!current && !form.clientSecret) return setError(M.clientSecret);
    if (!form.pixKey) return setError(M.pixKey);
    if ([form.finePercent, form.interestPercent].some((v) => Number.isNaN(percent(v)))) return setError(M.percent);
    setPending(true);
    setError(null);
    try {
      const saved = await savePixApiSettings(accountId, { ...form, tokenUrl: form.tokenUrl || null, clientSecret: form.clientSecret || null, finePercent: percent(form.finePercent), interestPercent: percent(form.interestPercent) });
      if (saved.webhook.error) toast.warning(`Configuração salva, mas o banco recusou o webhook: ${saved.webhook.error}`);
      else toast.success('API Pix salva.');
      await refresh();
    } catch (err) {
      setError(message(err, 'Não foi possível salvar.'));
    } finally {
      setPending(false);
    }
  };

  const sendCertificate = async (e: FormEvent) => {
    e.preventDefault();
    if (!accountId) return;
    if (!file) return setCertError(M.certFile);
    setCertPending(true);
    setCertError(null);
    try {
      const saved = await uploadPixApiCertificate(accountId, file, password);
      toast.success(saved.webhook.error ? 'Certificado enviado. O webhook ainda não foi registrado.' : 'Certificado enviado e webhook registrado no banco.');
      setFile(null);
      setPassword('');
      await refresh();
    } catch (err) {
      setCertError(message(err, 'Não foi possível enviar o certificado.'));
    } finally {
      setCertPending(false);
    }
  };

  const remove = async () => {
    if (!accountId || !(await confirm.ask({ title: 'Remover a API Pix desta conta?', description: 'As próximas cobranças voltam a ser Pix estático, sem baixa automática.', confirmLabel: 'Remover', destructive: true }))) return;
    try {
      await removePixApiSettings(accountId);
      toast.success('API Pix removida.');
      await refresh();
    } catch (err) {
      toast.error(message(err, 'Não foi possível remover.'));
    }
  };

  return (
    <ScrollDialog
      open={!!account}
      onOpenChange={(o) => !o && onClose()}
      title={`Pix dinâmico · ${account?.name ?? ''}`}
      description="Com a API Pix do banco, cada cobrança ganha um QR code próprio e é baixada sozinha quando o cliente paga."
      testId="pix-api-dialog"
      wide
    >
      {confirm.dialog}
      {settings.isPending ? (
        <Spinner label="Carregando…" />
      ) : (
        <div className="grid gap-5">
          {current?.webhook.error && <FormAlert title={`O banco recusou o registro do webhook: ${current.webhook.error}`} />}
          {current && (
            <DefinitionList
              items={[
                { label: 'Webhook', value: current.webhook.registeredAt ? `Registrado em ${dateTime(current.webhook.registeredAt)}` : 'Não registrado' },
                { label: 'Conciliação', value: current.reconciledUntil ? `Pagamentos conferidos até ${dateTime(current.reconciledUntil)}` : 'A cada 15 minutos' },
              ]}
            />
          )}
          <form onSubmit={save} className="grid items-start gap-3 sm:grid-cols-2" noValidate>
            {error && (
              <div className="sm:col-span-2">
                <FormAlert title={error} />
              </div>
            )}
            <div className="sm:col-span-2">
              <Field label="Endereço da API Pix" hint="Informado pelo banco, por exemplo https://pix.banco.com.br/api/v2">
                <Input value={form.baseUrl} onChange={set('baseUrl')} placeholder="https://" inputMode="url" autoComplete="off" disabled={!mayWrite} />
              </Field>
            </div>
            <div className="sm:col-span-2">
              <Field label="Endereço de autenticação (opcional)" hint="Deixe em branco para usar /oauth/token do endereço acima.">
                <Input value={form.tokenUrl} onChange={set('tokenUrl')} placeholder="https://" inputMode="url" autoComplete="off" disabled={!mayWrite} />
              </Field>
            </div>
            <Field label="Client ID">
              <Input value={form.clientId} onChange={set('clientId')} autoComplete="off" disabled={!mayWrite} />
            </Field>
            <Field label="Client Secret" hint={current?.hasClientSecret ? 'Guardado. Preencha só para trocar.' : undefined}>
              <PasswordInput value={form.clientSecret} onChange={set('clientSecret')} autoComplete="new-password" disabled={!mayWrite} placeholder={current?.hasClientSecret ? '••••••••' : ''} />
            </Field>
            <div className="sm:col-span-2">
              <Field label="Chave Pix das cobranças" hint={accountKeys.length ? undefined : 'Cadastre uma chave Pix nesta conta primeiro.'}>
                <Select value={form.pixKey} onChange={set('pixKey')} disabled={!mayWrite || accountKeys.length === 0}>
                  {accountKeys.length === 0 && <option value="">Nenhuma chave nesta conta</option>}
                  <Options options={accountKeys.map((k) => ({ value: k.key, label: k.key }))} />
                </Select>
              </Field>
            </div>
            <Field label="Multa após o vencimento (%)">
              <Input value={form.finePercent} onChange={set('finePercent')} inputMode="decimal" disabled={!mayWrite} />
            </Field>
            <Field label="Juros ao mês (%)">
              <Input value={form.interestPercent} onChange={set('interestPercent')} inputMode="decimal" disabled={!mayWrite} />
            </Field>
            {mayWrite && (
              <div className="sm:col-span-2">
                <FormActions onCancel={onClose} pending={pending} submitLabel={current ? 'Salvar alterações' : 'Salvar e continuar'} stacked />
              </div>
            )}
          </form>

          <section className="grid gap-3 border-t border-slate-100 pt-4" aria-labelledby="pix-api-cert">
            <h3 id="pix-api-cert" className="text-sm font-semibold text-slate-900">
              Certificado da API Pix (mTLS)
            </h3>
            {current?.certificate ? (
              <DefinitionList
                items={[
                  { label: 'Situação', value: validity(current.certificate) },
                  { label: 'Titular', value: current.certificate.subject },
                  { label: 'Validade', value: `${dateTime(current.certificate.notBefore)} até ${dateTime(current.certificate.notAfter)}` },
                ]}
              />
            ) : (
              <p className="text-sm text-slate-600">{current ? 'Nenhum certificado enviado: as cobranças seguem como Pix estático.' : 'Salve a configuração acima e depois envie o certificado que o banco forneceu.'}</p>
            )}
            {mayWrite && current && (
              <form onSubmit={sendCertificate} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" noValidate>
                <FilePickerField label="Arquivo (.pfx, .p12 ou .pem)" accept=".pfx,.p12,.pem,.crt,.key,application/x-pkcs12" file={file} onChange={setFile} />
                <Field label="Senha (se houver)">
                  <PasswordInput value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="off" />
                </Field>
                <Button type="submit" pending={certPending}>
                  Enviar certificado
                </Button>
                <div className="sm:col-span-3">
                  <FormError error={certError} />
                </div>
              </form>
            )}
          </section>
          {mayWrite && current && (
            <div>
              <Button variant="ghost" size="sm" onClick={remove}>
                Remover API Pix desta conta
              </Button>
            </div>
          )}
        </div>
      )}
    </ScrollDialog>
  );
}
