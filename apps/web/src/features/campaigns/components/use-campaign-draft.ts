import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CampaignView } from '@sede/shared/campaigns/schemas';
import { ApiError } from '../../../lib/api-client.ts';
import { campaignKeys } from '../api/keys.ts';
import { createCampaign, updateCampaign, type CampaignDraft } from '../api/save-campaign.ts';

const draftOf = (c: CampaignView): CampaignDraft => ({
  name: c.name,
  listId: c.listId,
  segmentId: c.segmentId,
  subject: c.subject,
  html: c.html,
  text: c.text,
  ...(c.channel === 'whatsapp' ? { whatsappTemplate: c.whatsappTemplate } : {}),
});

/**
 * The editor's draft of a campaign: what was typed, whether it differs from the saved one, and
 * `run(kind, work)`, which saves first (creating the campaign the first time, decision 0406), then
 * does the work with its id; `onCreated` names a campaign created that way once the work is over.
 */
export function useCampaignDraft(campaign: CampaignView, onCreated?: (id: string) => void) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<CampaignDraft>(() => draftOf(campaign));
  const isNew = !campaign.id;
  const [dirty, setDirty] = useState(isNew);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);

  useEffect(() => {
    if (!dirty) setDraft(draftOf(campaign));
  }, [campaign, dirty]);

  const set = (patch: Partial<CampaignDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setDirty(true);
  };

  /** Saves what changed; answers the campaign's id, or null when it failed. */
  async function save(): Promise<string | null> {
    if (!dirty) return campaign.id;
    setError(null);
    try {
      let id = campaign.id;
      if (isNew) id = (await createCampaign({ ...draft, channel: campaign.channel })).id;
      else await updateCampaign(id, draft);
      setDirty(false);
      await queryClient.invalidateQueries({ queryKey: campaignKeys.one(id) });
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
      id = await save();
      if (id) await work(id);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Não foi possível concluir.');
    } finally {
      setPending(null);
      // Created by this action: the page opens it once the action (and its question) is over.
      if (isNew && id) onCreated?.(id);
    }
  }

  return { draft, set, dirty, error, pending, run };
}

export type CampaignDraftState = ReturnType<typeof useCampaignDraft>;
