import { useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { count, dateTime } from '@sede/shared/format';
import type { CampaignView } from '@sede/shared/campaigns/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { sendCampaign } from '../api/campaign-actions.ts';
import { audienceQueryOptions } from '../api/details.ts';
import { campaignKeys } from '../api/keys.ts';
import { Panel } from './panel.tsx';
import type { CampaignDraftState } from './use-campaign-draft.ts';

/** Send now (after the app's question with how many receive it) or schedule in Brasília's time. */
export function SendPanel({ campaign, editor }: { campaign: CampaignView; editor: CampaignDraftState }) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [when, setWhen] = useState<'now' | 'later'>(campaign.scheduledAt ? 'later' : 'now');
  const [at, setAt] = useState('');
  const send = () =>
    editor.run('send', async (id) => {
      const eligible = when === 'now' ? (await queryClient.fetchQuery(audienceQueryOptions(id))).eligible : 0;
      if (when === 'now' && !(await confirm.ask({ title: `Enviar agora para ${count(eligible)} contato(s)?`, description: 'O envio começa em seguida e não dá para desfazer; você pode pausar ou cancelar quem ainda estiver na fila.', confirmLabel: 'Enviar agora' }))) return;
      await sendCampaign(id, when === 'later' ? at : null);
      await queryClient.invalidateQueries({ queryKey: campaignKeys.all });
      toast.success(when === 'later' ? 'Campanha agendada.' : 'Envio iniciado.');
    });
  return (
    <Panel title="Envio">
      {campaign.status === 'scheduled' && campaign.scheduledAt && <p className="text-sm text-slate-800">Agendada para {dateTime(campaign.scheduledAt)}.</p>}
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
        <Field label="Data e hora">
          <Input type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
        </Field>
      )}
      <Button type="button" pending={editor.pending === 'send'} disabled={when === 'later' && !at} onClick={send}>
        <Send aria-hidden /> {when === 'later' ? 'Agendar envio' : 'Enviar agora'}
      </Button>
      {confirm.dialog}
    </Panel>
  );
}
