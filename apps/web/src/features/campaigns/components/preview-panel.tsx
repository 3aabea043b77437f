import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import type { AudiencePreview } from '@sede/shared/campaigns/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { testCampaign } from '../api/campaign-actions.ts';
import { previewQueryOptions } from '../api/details.ts';
import { Panel } from './panel.tsx';
import type { CampaignDraftState } from './use-campaign-draft.ts';

/** The e-mail as a contact of the audience will see it, and a test sent to the member. */
export function PreviewPanel({ campaignId, sample, editor }: { campaignId: string; sample: AudiencePreview['sample'] | undefined; editor: CampaignDraftState }) {
  const [person, setPerson] = useState<string | null>(null);
  const preview = useQuery({ ...previewQueryOptions(campaignId, person), enabled: !!campaignId });
  return (
    <Panel title="Pré-visualização" className="gap-2">
      <Label htmlFor="c-preview-person">Ver como</Label>
      <select id="c-preview-person" className={inputClass} value={person ?? ''} onChange={(e) => setPerson(e.target.value || null)}>
        <option value="">Contato de exemplo</option>
        {sample?.map((p) => (
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
        <Button type="button" size="sm" variant="secondary" onClick={() => editor.run('refresh', async () => void (await preview.refetch()))} pending={editor.pending === 'refresh'}>
          Atualizar
        </Button>
        <Button type="button" size="sm" variant="secondary" pending={editor.pending === 'test'} onClick={() => editor.run('test', async (id) => void toast.success((await testCampaign(id, person)).message))}>
          Enviar teste para mim
        </Button>
      </div>
    </Panel>
  );
}
