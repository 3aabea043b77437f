import { useQuery } from '@tanstack/react-query';
import { unknownFields } from '@sede/shared/campaigns/render';
import type { CampaignChannel, CampaignCounts, CampaignView } from '@sede/shared/campaigns/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input, inputClass } from '../../../components/ui/input.tsx';
import { audienceQueryOptions } from '../api/details.ts';
import type { CampaignDraft } from '../api/save-campaign.ts';
import { sourcesQueryOptions } from '../api/sources.ts';
import { AudiencePanel } from './audience-panel.tsx';
import { EmailContentFields } from './email-content-fields.tsx';
import { Panel } from './panel.tsx';
import { PreviewPanel } from './preview-panel.tsx';
import { SendPanel } from './send-panel.tsx';
import { useCampaignDraft } from './use-campaign-draft.ts';
import { WhatsappTemplateFields } from './whatsapp-template-fields.tsx';

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

/** The merge fields the draft uses that do not exist (they are sent as typed). */
const unknownIn = (draft: CampaignDraft, whatsapp: boolean) =>
  unknownFields(
    whatsapp
      ? [...(draft.whatsappTemplate?.variables ?? []), draft.whatsappTemplate?.header?.value ?? '', ...(draft.whatsappTemplate?.buttons ?? []).map((b) => b.value)].join(' ')
      : `${draft.subject} ${draft.html} ${draft.text ?? ''}`,
  );

/** The audience: one of the CRM's lists or segments. */
function AudienceSelect({ draft, set }: { draft: CampaignDraft; set: (patch: Partial<CampaignDraft>) => void }) {
  const sources = useQuery(sourcesQueryOptions());
  const value = draft.listId ? `list:${draft.listId}` : draft.segmentId ? `segment:${draft.segmentId}` : '';
  return (
    <Field label="Para quem">
      <select
        className={inputClass}
        value={value}
        onChange={(e) => {
          const [kind, id] = e.target.value.split(':');
          set({ listId: kind === 'list' ? id! : null, segmentId: kind === 'segment' ? id! : null });
        }}
      >
        <option value="">Escolha uma lista ou um segmento do CRM</option>
        {(
          [
            ['Listas', 'list', sources.data?.lists],
            ['Segmentos', 'segment', sources.data?.segments],
          ] as const
        ).map(([group, kind, items]) => (
          <optgroup key={kind} label={group}>
            {items?.map((item) => (
              <option key={item.id} value={`${kind}:${item.id}`}>
                {item.name}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </Field>
  );
}

/**
 * The editor of a draft or scheduled campaign: audience, content (an e-mail's subject, HTML with
 * merge fields and plain text, or a WhatsApp template's variables), preview, test, send. A new one
 * (no id) is created by its first save, whatever asks for it (Salvar rascunho, a test, the send);
 * `onCreated` then names it.
 */
export function CampaignEditor({ campaign, onCreated }: { campaign: CampaignView; onCreated?: (id: string) => void }) {
  const editor = useCampaignDraft(campaign, onCreated);
  const { draft, set } = editor;
  const whatsapp = campaign.channel === 'whatsapp';
  const audience = useQuery({ ...audienceQueryOptions(campaign.id), enabled: !!campaign.id && !!(campaign.listId || campaign.segmentId) });
  const unknown = unknownIn(draft, whatsapp);

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <Panel title="Conteúdo" className="gap-4">
        <Field label="Nome da campanha">
          <Input value={draft.name} onChange={(e) => set({ name: e.target.value })} />
        </Field>
        <AudienceSelect draft={draft} set={set} />
        {whatsapp ? <WhatsappTemplateFields value={draft.whatsappTemplate} onChange={(whatsappTemplate) => set({ whatsappTemplate })} /> : <EmailContentFields draft={draft} set={set} />}
        {unknown.length > 0 && <p className="text-sm text-amber-800">Campos desconhecidos (ficam como estão): {unknown.map((u) => `{{${u}}}`).join(', ')}</p>}
        {editor.error && (
          <p role="alert" className="text-sm text-red-700">
            {editor.error}
          </p>
        )}
        <div className="flex justify-end">
          <Button type="button" variant="secondary" disabled={!editor.dirty} pending={editor.pending === 'save'} onClick={() => editor.run('save', async () => {})}>
            Salvar rascunho
          </Button>
        </div>
      </Panel>

      <div className="grid min-w-0 content-start gap-4">
        <AudiencePanel chosen={!!(campaign.listId || campaign.segmentId)} audience={audience} whatsapp={whatsapp} />
        {!whatsapp && <PreviewPanel campaignId={campaign.id} sample={audience.data?.sample} editor={editor} />}
        <SendPanel campaign={campaign} editor={editor} />
      </div>
    </div>
  );
}
