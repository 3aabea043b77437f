import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast.ts';
import { aiKeyFormSchema, type AiTestResult } from '@sede/shared/platform/ai';
import { api, ApiError } from '../../lib/api-client.ts';
import { aiHeaders, removeAiKey, saveAiKey, useAiKey } from '../../lib/ai-key.ts';
import { useAiStatus } from '../../lib/ai-api.ts';
import { Button } from '../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card.tsx';
import { Field } from '../ui/field.tsx';
import { Input } from '../ui/input.tsx';

const mask = (key: string) => (key.length <= 8 ? '••••' : `${key.slice(0, 3)}••••${key.slice(-4)}`);

/**
 * Meu perfil → IA: the person's own key (any OpenAI-compatible provider), kept only in this
 * browser and removed on sign-out; 'Testar' checks it through the server, which never stores it.
 */
export function AiSettingsSection() {
  const kept = useAiKey();
  const status = useAiStatus();
  const [form, setForm] = useState({ key: '', baseUrl: '', model: '' });
  const [errors, setErrors] = useState<Partial<Record<'key' | 'baseUrl' | 'model', string>>>({});
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  const test = async (headers: Record<string, string>) => {
    setTesting(true);
    setResult(null);
    try {
      const r = await api<AiTestResult>('/ai/test', { method: 'POST', json: {}, headers });
      setResult({ ok: true, message: `Conexão funcionando (modelo ${r.model}).` });
    } catch (e) {
      setResult({ ok: false, message: e instanceof ApiError ? e.message : 'Não foi possível testar a chave.' });
    } finally {
      setTesting(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = aiKeyFormSchema.safeParse(form);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof typeof errors] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    const value = { key: parsed.data.key, baseUrl: parsed.data.baseUrl || undefined, model: parsed.data.model || undefined };
    saveAiKey(value);
    setForm({ key: '', baseUrl: '', model: '' });
    toast.success('Chave de IA salva neste navegador.');
    void test(aiHeaders(value));
  };

  return (
    <Card id="ia">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5" aria-hidden /> Inteligência artificial
        </CardTitle>
        <CardDescription>
          Use a sua própria chave de um provedor compatível com a OpenAI (OpenAI, OpenRouter, Groq, Azure, Ollama…). Ela fica só
          neste navegador, é enviada apenas nos pedidos de IA, nunca é guardada pelo Sede e é apagada ao sair. Com a sua chave, as
          ações de IA não gastam moedas.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!kept && status.data && (
          <p className="text-sm text-slate-700" data-testid="ai-platform-status">
            {status.data.platform
              ? 'A IA do Sede está configurada neste servidor: as ações de IA funcionam sem chave própria e gastam moedas da empresa.'
              : 'A IA do servidor não está configurada. Cole uma chave abaixo ou peça ao administrador para configurar a IA do servidor.'}
          </p>
        )}
        {kept ? (
          <div className="grid gap-3">
            <dl className="grid gap-1 text-sm">
              <div className="flex flex-wrap gap-2">
                <dt className="text-slate-600">Chave:</dt>
                <dd className="font-mono" data-testid="ai-key-masked">{mask(kept.key)}</dd>
              </div>
              <div className="flex flex-wrap gap-2">
                <dt className="text-slate-600">Endereço:</dt>
                <dd className="break-all">{kept.baseUrl ?? 'OpenAI (padrão)'}</dd>
              </div>
              <div className="flex flex-wrap gap-2">
                <dt className="text-slate-600">Modelo:</dt>
                <dd>{kept.model ?? 'padrão do servidor'}</dd>
              </div>
            </dl>
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="secondary" pending={testing} onClick={() => void test(aiHeaders(kept))}>
                Testar
              </Button>
              <Button
                type="button"
                variant="ghost"
                onClick={() => {
                  removeAiKey();
                  setResult(null);
                  toast.success('Chave de IA removida deste navegador.');
                }}
              >
                Remover chave
              </Button>
            </div>
          </div>
        ) : (
          <form className="grid gap-3" onSubmit={submit} noValidate>
            <Field label="Chave de IA" error={errors.key}>
              <Input
                type="password"
                autoComplete="off"
                spellCheck={false}
                value={form.key}
                onChange={(e) => setForm({ ...form, key: e.target.value })}
                placeholder="sk-..."
              />
            </Field>
            <Field label="Endereço da API (opcional)" error={errors.baseUrl} hint="Deixe em branco para a OpenAI. Ex.: https://openrouter.ai/api/v1">
              <Input type="url" inputMode="url" value={form.baseUrl} onChange={(e) => setForm({ ...form, baseUrl: e.target.value })} />
            </Field>
            <Field label="Modelo (opcional)" error={errors.model} hint="Ex.: gpt-4o-mini, llama-3.1-8b-instant">
              <Input value={form.model} onChange={(e) => setForm({ ...form, model: e.target.value })} />
            </Field>
            <div>
              <Button type="submit" pending={testing}>
                Salvar e testar
              </Button>
            </div>
          </form>
        )}
        {result && (
          <p role="status" className={result.ok ? 'text-sm text-emerald-800' : 'text-sm text-red-700'} data-testid="ai-test-result">
            {result.message}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
