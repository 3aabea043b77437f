import { useQueryClient } from '@tanstack/react-query';
import { Copy, KeyRound, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import type { ApiKeyCreated, ApiKeyKind } from '@sede/shared/platform/api-keys';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { Input, inputClass } from '../../../components/ui/input.tsx';
import { ScrollDialog } from '../../../components/ui/scroll-dialog.tsx';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { copyWithToast } from '../../../lib/clipboard.ts';
import { useFormSubmit } from '../../../lib/use-submit.ts';
import { useApiKeyOptions } from '../api/api-key-options.ts';
import { createApiKey } from '../api/create-api-key.ts';
import { integrationsKeys } from '../api/keys.ts';

const KINDS: Array<[ApiKeyKind, string]> = [
  ['secret', 'Integração'],
  ['form', 'Formulário do site'],
];

/**
 * 'Nova chave' (decision 0640): what the key may do (the admin's own permissions at most), or for
 * a site's form the sites that may use it; an optional last day. Then the key, shown once, to copy.
 */
export function NewKeyDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const close = (next: boolean) => {
    if (!next) setCreated(null);
    onOpenChange(next);
  };
  return (
    <ScrollDialog
      open={open}
      onOpenChange={close}
      title={created ? 'Chave criada' : 'Nova chave de API'}
      description={created ? undefined : 'A chave dá aos seus sistemas acesso aos dados da empresa pela API pública. Dê só as permissões que a integração precisa.'}
      testId="new-key-dialog"
    >
      {created ? <CreatedKey created={created} onDone={() => close(false)} /> : <KeyForm onCreated={setCreated} onCancel={() => close(false)} />}
    </ScrollDialog>
  );
}

function KeyForm({ onCreated, onCancel }: { onCreated: (created: ApiKeyCreated) => void; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const options = useApiKeyOptions(true);
  const [kind, setKind] = useState<ApiKeyKind>('secret');
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [sites, setSites] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const toggle = (permission: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(permission);
    else next.delete(permission);
    setChosen(next);
  };
  const save = useFormSubmit(async () => {
    const body =
      kind === 'secret'
        ? { name, kind, permissions: [...chosen], expiresOn: expiresOn || null }
        : { name, kind, allowedOrigins: sites.split(/[\s,]+/).filter(Boolean), expiresOn: expiresOn || null };
    const result = await createApiKey(body);
    await queryClient.invalidateQueries({ queryKey: integrationsKeys.apiKeys });
    onCreated(result);
  }, 'Não foi possível criar a chave.');
  return (
    <form onSubmit={save.onSubmit} className="grid gap-4" noValidate>
      {save.error && <FormAlert title={save.error} />}
      <SegmentedControl label="Tipo de chave" options={KINDS} value={kind} onChange={setKind} />
      <Field label="Nome" hint={kind === 'secret' ? 'Para reconhecer a chave depois: o sistema que vai usá-la.' : 'Para reconhecer a chave depois: o site ou a página do formulário.'}>
        <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={80} required placeholder={kind === 'secret' ? 'Ex.: ERP da loja' : 'Ex.: Formulário de contato do site'} />
      </Field>
      {kind === 'secret' ? (
        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-medium text-slate-900">Permissões</legend>
          {options.isPending && <p className="text-sm text-slate-600">Carregando as permissões…</p>}
          {options.isError && <p role="alert" className="text-sm text-red-700">Não foi possível carregar as permissões.</p>}
          {options.data?.areas.map((area) => (
            <fieldset key={area.key} className="grid gap-1.5 rounded-lg border border-slate-200 p-3">
              <legend className="px-1 text-sm font-medium text-slate-800">{area.title}</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-1.5">
                {area.permissions.map((p) => (
                  <label key={p.permission} className="flex items-center gap-2 text-sm text-slate-700">
                    <input type="checkbox" className="size-4" checked={chosen.has(p.permission)} onChange={(e) => toggle(p.permission, e.target.checked)} />
                    {p.label}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
        </fieldset>
      ) : (
        <Field label="Sites que podem usar a chave" hint="Um endereço por linha, como o navegador mostra: https://www.seusite.com.br. A chave só envia contatos (POST /api/v1/leads).">
          <textarea className={`${inputClass} h-24`} value={sites} onChange={(e) => setSites(e.target.value)} placeholder="https://www.seusite.com.br" />
        </Field>
      )}
      <Field label="Válida até (opcional)" hint="Sem data, vale até ser revogada.">
        <Input type="date" value={expiresOn} onChange={(e) => setExpiresOn(e.target.value)} />
      </Field>
      <FormActions onCancel={onCancel} pending={save.pending} submitLabel="Criar chave" />
    </form>
  );
}

function CreatedKey({ created, onDone }: { created: ApiKeyCreated; onDone: () => void }) {
  const copy = () => copyWithToast(created.secret, 'Chave copiada', 'Selecione a chave e copie-a.');
  return (
    <div className="grid gap-4">
      <div className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" role="status">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p>
          <strong>Copie a chave agora.</strong> Ela não será mostrada de novo: a Sede guarda só uma impressão dela. Se perder, revogue esta e crie outra.
        </p>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor="new-key-secret" className="flex items-center gap-2 text-sm font-medium text-slate-900">
          <KeyRound className="size-4" aria-hidden /> {created.key.name}
        </label>
        <div className="flex gap-2">
          <input id="new-key-secret" readOnly value={created.secret} className={`${inputClass} font-mono text-xs`} data-testid="new-key-secret" onFocus={(e) => e.currentTarget.select()} />
          <Button variant="secondary" onClick={() => void copy()} aria-label="Copiar chave">
            <Copy aria-hidden /> Copiar
          </Button>
        </div>
      </div>
      <p className="text-sm text-slate-600">
        Use no cabeçalho <code className="rounded bg-slate-100 px-1">Authorization: Bearer …</code> das chamadas a <code className="rounded bg-slate-100 px-1">/api/v1</code>. Veja a{' '}
        <a href="/api/docs" target="_blank" rel="noreferrer" className="font-medium text-[var(--color-accent)] underline">
          documentação da API
        </a>
        .
      </p>
      <div className="flex justify-end">
        <Button onClick={onDone}>Concluir</Button>
      </div>
    </div>
  );
}
