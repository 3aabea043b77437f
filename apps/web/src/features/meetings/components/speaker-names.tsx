import { useQueryClient } from '@tanstack/react-query';
import { UserRoundPen } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { isGenericSpeaker, SPEAKER_NAME_MAX, type MeetingAnalysisResult } from '@sede/shared/meetings/schemas';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { meetingKeys } from '../api/keys.ts';
import { renameSpeakers } from '../api/rename-speakers.ts';

const sample = (text: string) => (text.length > 90 ? `${text.slice(0, 90).trimEnd()}…` : text);

/**
 * 'Nomear falantes' (decision 0381): a recording's speakers come as 'Falante 1', 'Falante 2'…;
 * the person gives each a name (what they said first helps tell who is who), and the transcript,
 * the talk-time and the next steps say it. The same name for two speakers joins them.
 */
export function SpeakerNames({ analysisId, meetingId, result }: { analysisId: string; meetingId: string; result: MeetingAnalysisResult }) {
  const qc = useQueryClient();
  const speakers = result.talkTime.map((t) => t.speaker);
  const firstWords = (name: string) => result.transcript.find((x) => x.speaker === name)?.text ?? '';
  const [open, setOpen] = useState(false);
  const [names, setNames] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const unnamed = speakers.filter(isGenericSpeaker).length;
  if (speakers.length === 0) return null;

  const start = () => {
    setNames(Object.fromEntries(speakers.map((s) => [s, s])));
    setError(null);
    setOpen(true);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const changed = speakers.filter((s) => (names[s] ?? s).trim() !== s).map((s) => ({ from: s, to: (names[s] ?? '').trim() }));
    if (changed.some((c) => !c.to)) return setError('Dê um nome a cada falante (até 80 caracteres).');
    if (changed.length === 0) return setOpen(false);
    setPending(true);
    try {
      await renameSpeakers(analysisId, changed);
      await qc.invalidateQueries({ queryKey: meetingKeys.analyses(meetingId) });
      toast.success(changed.length === 1 ? 'Nome do falante salvo.' : 'Nomes dos falantes salvos.');
      setOpen(false);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Não foi possível salvar os nomes.');
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="grid gap-2">
      {unnamed > 0 && (
        <p className="text-xs text-slate-700" data-testid="unnamed-speakers">
          {unnamed === 1 ? 'Um falante ainda não tem nome.' : `${unnamed} falantes ainda não têm nome.`} Diga quem é quem: o nome vale para a transcrição, o tempo de fala e os próximos passos.
        </p>
      )}
      <div>
        <Button type="button" variant="secondary" size="sm" onClick={start}>
          <UserRoundPen aria-hidden /> Nomear falantes
        </Button>
      </div>
      <Dialog open={open} onOpenChange={setOpen} title="Nomear falantes" description="Dê o nome de cada pessoa. O mesmo nome para dois falantes junta as falas deles.">
        <form className="grid max-h-[60vh] gap-3 overflow-y-auto" onSubmit={submit} noValidate>
          {error && <FormAlert title={error} />}
          {speakers.map((s) => (
            <Field key={s} label={s} hint={firstWords(s) ? `Primeira fala: “${sample(firstWords(s))}”` : undefined}>
              <Input value={names[s] ?? s} maxLength={SPEAKER_NAME_MAX} autoComplete="off" onChange={(e) => setNames({ ...names, [s]: e.target.value })} />
            </Field>
          ))}
          <FormActions onCancel={() => setOpen(false)} pending={pending} submitLabel="Salvar nomes" />
        </form>
      </Dialog>
    </div>
  );
}
