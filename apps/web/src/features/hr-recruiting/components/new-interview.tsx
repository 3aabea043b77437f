import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { INTERVIEW_CONSENT_TEXT } from '@sede/shared/recruiting/schemas';
import { kindFor, precheck, uploadFile } from '../../../components/files/files-api.ts';
import { PaidActionButton } from '../../../components/paid-action/paid-action-button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { OptionSelect } from '../../../components/ui/option-select.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { createCandidate } from '../api/create-candidate.ts';
import { createInterview } from '../api/create-interview.ts';
import { deleteCandidate } from '../api/delete-candidate.ts';
import { deleteInterview } from '../api/delete-interview.ts';
import { recruitingKeys } from '../api/keys.ts';
import { useCandidates } from '../api/list-candidates.ts';
import { useOpenings } from '../api/list-openings.ts';
import { startInterviewAnalysis } from '../api/start-interview-analysis.ts';

const ACCEPT = '.txt,.vtt,.srt,.mp3,.m4a,.wav,.ogg,.webm,text/plain,text/vtt,audio/*';
const NEW = '__novo__';

/** 'Nova análise de entrevista': opening → candidate → file (recording or transcript) → the recorded person's consent → paid analysis. */
export function NewInterview() {
  const { company } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const openings = useOpenings();
  const [openingId, setOpeningId] = useState('');
  const candidates = useCandidates(openingId);
  const [candidateId, setCandidateId] = useState('');
  const [newName, setNewName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [consent, setConsent] = useState(false);
  const consentId = useId();
  const input = useRef<HTMLInputElement>(null);
  const list = (openings.data?.openings ?? []).filter((o) => o.status !== 'fechada');
  const creatingCandidate = candidateId === NEW;
  const ready = Boolean(openingId && file && consent && (creatingCandidate ? newName.trim() : candidateId));
  const missing = !openingId ? 'Escolha a vaga.' : !(creatingCandidate ? newName.trim() : candidateId) ? 'Escolha o candidato.' : !file ? 'Escolha a gravação ou a transcrição.' : !consent ? 'Confirme o consentimento da pessoa entrevistada.' : null;

  const run = async () => {
    if (!file) throw new ApiError(400, 'NO_FILE', 'Escolha a gravação ou a transcrição.');
    const kind = kindFor(file, ['document', 'audio']);
    const refused = precheck(file, kind);
    if (refused) throw new ApiError(400, 'FILE_REFUSED', refused);
    // Nothing half-saved: what this attempt created goes away if any step fails.
    const made = creatingCandidate ? await createCandidate(openingId, { name: newName.trim() }) : null;
    let interviewId: string | null = null;
    try {
      const interview = await createInterview(made?.id ?? candidateId);
      interviewId = interview.id;
      const info = await uploadFile({ entityType: 'interview', entityId: interview.id, kind, file });
      await startInterviewAnalysis(interview.id, info.id);
      await queryClient.invalidateQueries({ queryKey: recruitingKeys.interviews });
      void navigate(`/rh/analise-entrevistas/${interview.id}`);
      return { charged: 0, balance: company?.currency_amount ?? 0 };
    } catch (e) {
      if (interviewId) await deleteInterview(interviewId).catch(() => {});
      if (made) await deleteCandidate(made.id).catch(() => {});
      throw e;
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Analisar uma entrevista</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {openings.isSuccess && list.length === 0 ? (
          <p className="text-sm text-slate-600">
            Cadastre uma vaga aberta em{' '}
            <Link to="/rh/analise-curriculos" className="font-medium text-[var(--color-accent)] underline">
              Análise de currículos
            </Link>{' '}
            para analisar entrevistas dos candidatos dela.
          </p>
        ) : (
          <>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label="Vaga">
                <OptionSelect
                  none="Escolha a vaga"
                  options={list.map((o) => ({ value: o.id, label: o.title }))}
                  value={openingId}
                  onChange={(e) => {
                    setOpeningId(e.target.value);
                    setCandidateId('');
                  }}
                />
              </Field>
              <Field label="Candidato">
                <OptionSelect
                  none="Escolha o candidato"
                  options={[...(candidates.data?.candidates ?? []).map((c) => ({ value: c.id, label: c.name })), { value: NEW, label: 'Outro candidato (sem currículo)' }]}
                  value={candidateId}
                  onChange={(e) => setCandidateId(e.target.value)}
                  disabled={!openingId}
                />
              </Field>
            </div>
            {creatingCandidate && (
              <Field label="Nome do candidato">
                <Input value={newName} onChange={(e) => setNewName(e.target.value)} maxLength={160} />
              </Field>
            )}
            <div className="grid gap-1">
              <label htmlFor="interview-file" className="text-sm font-medium">
                Gravação (MP3, M4A, WAV, OGG, WebM) ou transcrição (TXT, VTT, SRT)
              </label>
              <input
                ref={input}
                id="interview-file"
                type="file"
                accept={ACCEPT}
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                className="text-sm file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
              />
              <p className="text-xs text-slate-600">Transcrições com “Nome: fala” ou as vozes do VTT mantêm quem falou.</p>
            </div>
            <div className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
              <input id={consentId} type="checkbox" className="mt-1 size-4" checked={consent} onChange={(e) => setConsent(e.target.checked)} required aria-required="true" />
              <label htmlFor={consentId}>{INTERVIEW_CONSENT_TEXT}</label>
            </div>
            {ready ? (
              <PaidActionButton action="ai.interview_analysis" balance={company?.currency_amount} successMessage="Entrevista enviada. As moedas só são cobradas se a análise terminar." run={run} />
            ) : (
              <p className="text-sm text-slate-600" role="status">
                {missing}
              </p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
