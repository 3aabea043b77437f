import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { htmlToText, MERGE_FIELDS, unknownFields } from '@sede/shared/campaigns/render';
import { EXCLUSION_LABELS, type CampaignChannel, type CampaignCounts, type CampaignView, type ExclusionReason } from '@sede/shared/campaigns/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { sendCampaign, testCampaign } from '../api/campaign-actions.ts';
import { audienceQueryOptions, previewQueryOptions } from '../api/details.ts';
import { campaignKeys } from '../api/keys.ts';
import { createCampaign, updateCampaign, whatsappTemplates, type CampaignDraft } from '../api/save-campaign.ts';
import { sourcesQueryOptions } from '../api/sources.ts';

const textareaClass = 'w-full rounded-[var(--radius-ui)] border border-slate-300 bg-white p-3 font-mono text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-[var(--color-accent)]';

const TOOLBAR: Array<{ label: string; before: string; after: string }> = [
  { label: 'Negrito', before: '<b>', after: '</b>' },
  { label: 'Itálico', before: '<i>', after: '</i>' },
  { label: 'Parágrafo', before: '<p>', after: '</p>' },
  { label: 'Link', before: '<a href="https://">', after: '</a>' },
];

const NO_COUNTS = Object.fromEntries(
  ['total', 'queued', 'sending', 'sent', 'failed', 'bounced', 'uncertain', 'skipped', 'canceled', 'opened', 'clicked', 'unsubscribed', 'replied'].map((k) => [k, 0]),
) as CampaignCounts;

/** What the editor shows before the campaign exists (decision 0406): no id until the first save creates it. */
export const newCampaign = (channel: CampaignChannel): CampaignView => ({
  id: '',
  name: channel === 'whatsapp' ? 'Nova campanha no WhatsApp' : 'Nova campanha',
  channel,
  listId: null,
  segmentId: null,
  audienceName: null,
  subject: '',
  html: channel === 'whatsapp' ? '' : '<p>Olá {{primeiro_nome}},</p>\n<p></p>',
  text: null,
  whatsappTemplate: null,
  status: 'draft',
  scheduledAt: null,
  startedAt: null,
  finishedAt: null,
  counts: NO_COUNTS,
  createdAt: '',
  updatedAt: '',
});

const draftOf = (c: CampaignView): CampaignDraft => ({
  name: c.name,
  listId: c.listId,
  segmentId: c.segmentId,
  subject: c.subject,
  html: c.html,
  text: c.text,
  ...(c.channel === 'whatsapp' ? { whatsappTemplate: c.whatsappTemplate } : {}),
});

const MEDIA_NOUN = { image: 'da imagem', video: 'do vídeo', document: 'do documento', text: '' } as const;

/** A WhatsApp campaign's content (decisions 0294, 0302): an approved template and its variables, each with merge fields. */
function WhatsappTemplateFields({ value, onChange }: { value: CampaignDraft['whatsappTemplate']; onChange: (v: CampaignDraft['whatsappTemplate']) => void }) {
  const templates = useQuery({ queryKey: campaignKeys.whatsappTemplates, queryFn: whatsappTemplates, staleTime: 60_000 });
  const tpl = templates.data?.find((t) => t.name === value?.name && t.language === value?.language);
  const variables = value?.variables ?? [];
  // The header that needs a value (a campaign saved before headers were kept has none stored yet).
  const header = value?.header ?? (tpl?.header && (tpl.header.format !== 'text' || tpl.header.variables > 0) ? { format: tpl.header.format, value: '' } : null);
  return (
    <>
      <div className="grid gap-1">
        <Label htmlFor="c-template">Modelo aprovado do WhatsApp</Label>
        <select
          id="c-template"
          className="h-10 w-full min-w-0 rounded-[var(--radius-ui)] border border-slate-300 bg-white px-3 text-sm"
          value={value ? `${value.name}|${value.language}` : ''}
          onChange={(e) => {
            const [name, language] = e.target.value.split('|');
            const next = templates.data?.find((t) => t.name === name && t.language === language);
            onChange(
              next
                ? {
                    name: next.name,
                    language: next.language,
                    variables: Array.from({ length: next.variables }, (_, i) => variables[i] ?? (i === 0 ? '{{primeiro_nome}}' : '')),
                    header: next.header && (next.header.format !== 'text' || next.header.variables > 0) ? { format: next.header.format, value: '' } : null,
                    buttons: next.buttons.map((b) => ({ index: b.index, value: '' })),
                  }
                : null,
            );
          }}
        >
          <option value="">{templates.isPending ? 'Carregando…' : 'Escolha um modelo'}</option>
          {value && !tpl && <option value={`${value.name}|${value.language}`}>{value.name} ({value.language})</option>}
          {templates.data?.map((t) => (
            <option key={`${t.name}|${t.language}`} value={`${t.name}|${t.language}`}>
              {t.name} ({t.language})
            </option>
          ))}
        </select>
        {templates.isError && (
          <p role="alert" className="text-sm text-red-700">
            {templates.error.message}
          </p>
        )}
      </div>
      {tpl && (
        <p className="rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800">
          {tpl.header?.format === 'text' && tpl.header.text && (
            <>
              <strong>{tpl.header.text}</strong>
              {'\n'}
            </>
          )}
          {tpl.body}
        </p>
      )}
      {value && header && (
        <div className="grid gap-1">
          <Label htmlFor="c-header">{header.format === 'text' ? 'Cabeçalho: variável {{1}}' : `Cabeçalho: link (https) ${MEDIA_NOUN[header.format]}`}</Label>
          <Input
            id="c-header"
            type={header.format === 'text' ? 'text' : 'url'}
            value={header.value}
            placeholder={header.format === 'text' ? 'Texto ou campo, ex.: {{primeiro_nome}}' : 'https://…'}
            onChange={(e) => onChange({ ...value, header: { format: header.format, value: e.target.value } })}
          />
        </div>
      )}
      {tpl?.buttons.map((b) => {
        const current = value?.buttons.find((x) => x.index === b.index)?.value ?? '';
        return (
          <div className="grid gap-1" key={b.index}>
            <Label htmlFor={`c-button-${b.index}`}>{`Botão "${b.text}": final do link`}</Label>
            <Input
              id={`c-button-${b.index}`}
              value={current}
              aria-describedby={`c-button-${b.index}-hint`}
              placeholder="ex.: {{primeiro_nome}} ou um código"
              onChange={(e) => onChange({ ...value!, buttons: [...(value?.buttons ?? []).filter((x) => x.index !== b.index), { index: b.index, value: e.target.value }] })}
            />
            <p id={`c-button-${b.index}-hint`} className="text-xs break-all text-slate-600">
              {b.url.replace('{{1}}', current || '…')}
            </p>
          </div>
        );
      })}
      {variables.map((v, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the template's numbered variables
        <div className="grid gap-1" key={i}>
          <Label htmlFor={`c-var-${i}`}>{`Variável {{${i + 1}}}`}</Label>
          <Input id={`c-var-${i}`} value={v} placeholder="Texto ou campo, ex.: {{primeiro_nome}}" onChange={(e) => onChange({ ...value!, variables: Object.assign([...variables], { [i]: e.target.value }) })} />
        </div>
      ))}
      {(variables.length > 0 || value?.header?.format === 'text' || (value?.buttons.length ?? 0) > 0) && <p className="text-xs text-slate-600">Campos: {Object.keys(MERGE_FIELDS).map((k) => `{{${k}}}`).join(', ')}</p>}
    </>
  );
}

/**
 * The editor of a draft or scheduled campaign: audience, subject, HTML with merge fields, plain
 * text, preview, test, send. A new one (no id) is created by its first save, whatever asks for it
 * (Salvar rascunho, a test, the send); `onCreated` then names it.
 */
export function CampaignEditor({ campaign, onCreated }: { campaign: CampaignView; onCreated?: (id: string) => void }) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const sources = useQuery(sourcesQueryOptions());
  const [draft, setDraft] = useState<CampaignDraft>(() => draftOf(campaign));
  const isNew = !campaign.id;
  const [dirty, setDirty] = useState(isNew);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [when, setWhen] = useState<'now' | 'later'>(campaign.scheduledAt ? 'later' : 'now');
  const [at, setAt] = useState('');
  const [previewPerson, setPreviewPerson] = useState<string | null>(null);
  const html = useRef<HTMLTextAreaElement>(null);
  const audience = useQuery({ ...audienceQueryOptions(campaign.id), enabled: !isNew && !!(campaign.listId || campaign.segmentId) });
  const whatsapp = campaign.channel === 'whatsapp';
  const preview = useQuery({ ...previewQueryOptions(campaign.id, previewPerson), enabled: !whatsapp && !isNew });

  useEffect(() => {
    if (!dirty) setDraft(draftOf(campaign));
  }, [campaign, dirty]);

  const set = (patch: Partial<CampaignDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setDirty(true);
  };

  function insert(before: string, after = '') {
    const el = html.current;
    if (!el) return;
    const { selectionStart: a, selectionEnd: b, value } = el;
    const next = value.slice(0, a) + before + value.slice(a, b) + after + value.slice(b);
    set({ html: next });
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(a + before.length, b + before.length);
    });
  }

  /** Saves what changed (creating the campaign the first time); answers its id, or null when it failed. */
  async function save(quiet = false): Promise<string | null> {
    if (!dirty) return campaign.id;
    setError(null);
    try {
      let id = campaign.id;
      if (isNew) id = (await createCampaign({ ...draft, channel: campaign.channel })).id;
      else await updateCampaign(id, draft);
      setDirty(false);
      await queryClient.invalidateQueries({ queryKey: campaignKeys.one(id) });
      if (!quiet) toast.success(isNew ? 'Campanha criada.' : 'Campanha salva.');
      return id;
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Não foi possível salvar.');
      return null;
    }
  }

  async function run(kind: string, work: (id: string) => Promise<void>) {
    setPending(kind);
    let id: string | null = null;
    try {
      id = await save(true);
      if (id) await work(id);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Não foi possível concluir.');
    } finally {
      setPending(null);
      // Created by this action: the page opens it once the action (and its question) is over.
      if (isNew && id) onCreated?.(id);
    }
  }

  const audienceValue = draft.listId ? `list:${draft.listId}` : draft.segmentId ? `segment:${draft.segmentId}` : '';
  const unknown = unknownFields(
    whatsapp ? [...(draft.whatsappTemplate?.variables ?? []), draft.whatsappTemplate?.header?.value ?? '', ...(draft.whatsappTemplate?.buttons ?? []).map((b) => b.value)].join(' ') : `${draft.subject} ${draft.html} ${draft.text ?? ''}`,
  );
  const excluded = audience.data ? (Object.entries(audience.data.excluded) as Array<[ExclusionReason, number]>).filter(([, n]) => n > 0) : [];

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <section aria-labelledby="editor-title" className="grid min-w-0 content-start gap-4 rounded-xl border border-slate-200 bg-white p-4">
        <h3 id="editor-title" className="text-base font-semibold text-slate-900">
          Conteúdo
        </h3>
        <div className="grid gap-1">
          <Label htmlFor="c-name">Nome da campanha</Label>
          <Input id="c-name" value={draft.name} onChange={(e) => set({ name: e.target.value })} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="c-audience">Para quem</Label>
          <select
            id="c-audience"
            className="h-10 w-full min-w-0 rounded-[var(--radius-ui)] border border-slate-300 bg-white px-3 text-sm"
            value={audienceValue}
            onChange={(e) => {
              const [kind, id] = e.target.value.split(':');
              set({ listId: kind === 'list' ? id! : null, segmentId: kind === 'segment' ? id! : null });
            }}
          >
            <option value="">Escolha uma lista ou um segmento do CRM</option>
            <optgroup label="Listas">
              {sources.data?.lists.map((l) => (
                <option key={l.id} value={`list:${l.id}`}>
                  {l.name}
                </option>
              ))}
            </optgroup>
            <optgroup label="Segmentos">
              {sources.data?.segments.map((s) => (
                <option key={s.id} value={`segment:${s.id}`}>
                  {s.name}
                </option>
              ))}
            </optgroup>
          </select>
        </div>
        {whatsapp ? (
          <WhatsappTemplateFields value={draft.whatsappTemplate} onChange={(whatsappTemplate) => set({ whatsappTemplate })} />
        ) : (
          <>
        <div className="grid gap-1">
          <Label htmlFor="c-subject">Assunto</Label>
          <Input id="c-subject" value={draft.subject} onChange={(e) => set({ subject: e.target.value })} placeholder="Ex.: {{primeiro_nome}}, temos uma novidade" />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="c-html">Mensagem (HTML)</Label>
          <div className="flex flex-wrap gap-1" role="toolbar" aria-label="Formatação e campos">
            {TOOLBAR.map((t) => (
              <Button key={t.label} type="button" size="sm" variant="secondary" onClick={() => insert(t.before, t.after)}>
                {t.label}
              </Button>
            ))}
            {Object.entries(MERGE_FIELDS).map(([key, label]) => (
              <Button key={key} type="button" size="sm" variant="ghost" onClick={() => insert(`{{${key}}}`)} title={`Inserir ${label}`}>
                {`{{${key}}}`}
              </Button>
            ))}
          </div>
          <textarea id="c-html" ref={html} rows={12} className={textareaClass} value={draft.html} onChange={(e) => set({ html: e.target.value })} />
        </div>
        <div className="grid gap-1">
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" className="size-4" checked={draft.text !== null} onChange={(e) => set({ text: e.target.checked ? htmlToText(draft.html) : null })} />
            Editar a versão em texto simples (senão, gerada do HTML)
          </label>
          {draft.text !== null && <textarea aria-label="Texto simples" rows={8} className={textareaClass} value={draft.text} onChange={(e) => set({ text: e.target.value })} />}
        </div>
          </>
        )}
        {unknown.length > 0 && (
          <p className="text-sm text-amber-800">
            Campos desconhecidos (ficam como estão): {unknown.map((u) => `{{${u}}}`).join(', ')}
          </p>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="flex justify-end">
          <Button type="button" variant="secondary" disabled={!dirty} pending={pending === 'save'} onClick={() => run('save', async () => {})}>
            Salvar rascunho
          </Button>
        </div>
      </section>

      <div className="grid min-w-0 content-start gap-4">
        <section aria-labelledby="audience-title" className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4">
          <h3 id="audience-title" className="text-base font-semibold text-slate-900">
            Público
          </h3>
          {!campaign.listId && !campaign.segmentId ? (
            <p className="text-sm text-slate-600">Escolha uma lista ou um segmento e salve para ver quem vai receber.</p>
          ) : audience.isPending ? (
            <p className="text-sm text-slate-600">Calculando…</p>
          ) : audience.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {audience.error.message}
            </p>
          ) : (
            <>
              <p className="text-sm text-slate-800" data-testid="audience-summary">
                <strong>{formatNumber(audience.data.eligible)}</strong> de {formatNumber(audience.data.total)} contato(s) vão receber.
              </p>
              {excluded.length > 0 && (
                <ul className="list-disc pl-5 text-sm text-slate-600" aria-label="Excluídos">
                  {excluded.map(([k, n]) => (
                    <li key={k}>
                      {formatNumber(n)} {EXCLUSION_LABELS[k]}
                    </li>
                  ))}
                </ul>
              )}
              <p className="text-xs text-slate-500">
                {whatsapp
                  ? 'Só recebem contatos com telefone, base legal (LGPD), sem descadastro do WhatsApp e fora da lista de supressão.'
                  : 'Só recebem contatos com e-mail, base legal (LGPD), sem descadastro e fora da lista de supressão.'}
              </p>
            </>
          )}
        </section>

        {!whatsapp && (
        <section aria-labelledby="preview-title" className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4">
          <h3 id="preview-title" className="text-base font-semibold text-slate-900">
            Pré-visualização
          </h3>
          <Label htmlFor="c-preview-person">Ver como</Label>
          <select id="c-preview-person" className="h-10 w-full min-w-0 rounded-[var(--radius-ui)] border border-slate-300 bg-white px-3 text-sm" value={previewPerson ?? ''} onChange={(e) => setPreviewPerson(e.target.value || null)}>
            <option value="">Contato de exemplo</option>
            {audience.data?.sample.map((p) => (
              <option key={p.personId} value={p.personId}>
                {p.name} ({p.email})
              </option>
            ))}
          </select>
          {preview.data && (
            <>
              <p className="text-sm text-slate-800">
                <span className="text-slate-500">Assunto:</span> {preview.data.subject || '(sem assunto)'}
              </p>
              <iframe title="Pré-visualização do e-mail" sandbox="" srcDoc={preview.data.html} className="h-72 w-full rounded-lg border border-slate-200 bg-white" />
              <details>
                <summary className="cursor-pointer text-sm text-slate-700">Texto simples</summary>
                <pre className="mt-2 whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-xs text-slate-800">{preview.data.text}</pre>
              </details>
            </>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm" variant="secondary" onClick={() => run('refresh', async () => void (await preview.refetch()))} pending={pending === 'refresh'}>
              Atualizar
            </Button>
            <Button type="button" size="sm" variant="secondary" pending={pending === 'test'} onClick={() => run('test', async (id) => void toast.success((await testCampaign(id, previewPerson)).message))}>
              Enviar teste para mim
            </Button>
          </div>
        </section>
        )}

        <section aria-labelledby="send-title" className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4">
          <h3 id="send-title" className="text-base font-semibold text-slate-900">
            Envio
          </h3>
          {campaign.status === 'scheduled' && campaign.scheduledAt && <p className="text-sm text-slate-800">Agendada para {formatDateTime(campaign.scheduledAt)}.</p>}
          <fieldset className="grid gap-2">
            <legend className="sr-only">Quando enviar</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="when" checked={when === 'now'} onChange={() => setWhen('now')} /> Enviar agora
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="when" checked={when === 'later'} onChange={() => setWhen('later')} /> Agendar (horário de Brasília)
            </label>
          </fieldset>
          {when === 'later' && (
            <div className="grid gap-1">
              <Label htmlFor="c-at">Data e hora</Label>
              <Input id="c-at" type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
            </div>
          )}
          <Button
            type="button"
            pending={pending === 'send'}
            disabled={when === 'later' && !at}
            onClick={() =>
              run('send', async (id) => {
                const eligible = when === 'now' ? (await queryClient.fetchQuery(audienceQueryOptions(id))).eligible : 0;
                if (when === 'now' && !(await confirm.ask({ title: `Enviar agora para ${formatNumber(eligible)} contato(s)?`, description: 'O envio começa em seguida e não dá para desfazer; você pode pausar ou cancelar quem ainda estiver na fila.', confirmLabel: 'Enviar agora' }))) return;
                await sendCampaign(id, when === 'later' ? at : null);
                await queryClient.invalidateQueries({ queryKey: campaignKeys.all });
                toast.success(when === 'later' ? 'Campanha agendada.' : 'Envio iniciado.');
              })
            }
          >
            <Send aria-hidden /> {when === 'later' ? 'Agendar envio' : 'Enviar agora'}
          </Button>
          {confirm.dialog}
        </section>
      </div>
    </div>
  );
}
