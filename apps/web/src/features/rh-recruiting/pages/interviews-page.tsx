import { useQueryClient } from '@tanstack/react-query';
import { MessagesSquare } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ANALYSIS_STAGES, type AnalysisStatus } from '@sede/shared/analysis/schemas';
import { INTERVIEW_CONSENT_TEXT } from '@sede/shared/recruiting/schemas';
import { kindFor, precheck, uploadFile } from '../../../components/files/files-api.ts';
import { PaidActionButton } from '../../../components/paid-action/paid-action-button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input, inputClass } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { createCandidate } from '../api/create-candidate.ts';
import { createInterview } from '../api/create-interview.ts';
import { deleteCandidate } from '../api/delete-candidate.ts';
import { deleteInterview } from '../api/delete-interview.ts';
import { recruitingKeys } from '../api/keys.ts';
import { useCandidates } from '../api/list-candidates.ts';
import { useInterviews } from '../api/list-interviews.ts';
import { useOpenings } from '../api/list-openings.ts';
import { startInterviewAnalysis } from '../api/start-interview-analysis.ts';
import { RecommendationBadge } from '../components/badges.tsx';
import { when } from '../components/format.ts';

const ACCEPT = '.txt,.vtt,.srt,.mp3,.m4a,.wav,.ogg,.webm,text/plain,text/vtt,audio/*';
const NEW = '__novo__';

/** 'Nova análise de entrevista': opening → candidate → file (recording or transcript) → the recorded person's consent → paid analysis. */
function NewInterview() {
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
              <label className="grid gap-1 text-sm font-medium">
                Vaga
                <select
                  className={inputClass}
                  value={openingId}
                  onChange={(e) => {
                    setOpeningId(e.target.value);
                    setCandidateId('');
                  }}
                >
                  <option value="">Escolha a vaga</option>
                  {list.map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.title}
                    </option>
                  ))}
                </select>
              </label>
              <label className="grid gap-1 text-sm font-medium">
                Candidato
                <select className={inputClass} value={candidateId} onChange={(e) => setCandidateId(e.target.value)} disabled={!openingId}>
                  <option value="">Escolha o candidato</option>
                  {(candidates.data?.candidates ?? []).map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                  <option value={NEW}>Outro candidato (sem currículo)</option>
                </select>
              </label>
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

/** /rh/analise-entrevistas: the interviews analysed (recommendation, status) and a new one. */
export default function InterviewsPage() {
  const { data, isPending, isError } = useInterviews();
  useLiveInvalidate('interview', recruitingKeys.interviews);
  const interviews = data?.interviews ?? [];
  const link = (id: string) => `/rh/analise-entrevistas/${id}`;
  const status = (s: string | null) => (s ? ANALYSIS_STAGES[s as AnalysisStatus] : 'Sem análise');
  return (
    <div className="grid min-w-0 gap-4">
      <p className="max-w-2xl text-sm text-slate-600">
        Envie a gravação ou a transcrição de uma entrevista: a IA mostra a transcrição com quem falou, avalia as competências da vaga com trechos como evidência, aponta sinais de alerta e recomenda avançar ou não.
      </p>
      <NewInterview />
      <section className="grid gap-2" aria-label="Entrevistas analisadas">
        <h3 className="text-base font-semibold text-slate-900">Entrevistas</h3>
        {isPending ? (
          <Spinner label="Carregando entrevistas…" />
        ) : isError ? (
          <p role="alert" className="text-sm text-red-700">
            Não foi possível carregar as entrevistas.
          </p>
        ) : interviews.length === 0 ? (
          <EmptyState icon={MessagesSquare} title="Nenhuma entrevista analisada" description="Escolha a vaga e o candidato acima, envie a gravação ou a transcrição e confirme o consentimento da pessoa entrevistada." />
        ) : (
          <>
            <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white md:block">
              <table className="w-full text-sm">
                <caption className="sr-only">Entrevistas</caption>
                <thead className="bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-600">
                  <tr>
                    <th scope="col" className="px-4 py-2">Candidato</th>
                    <th scope="col" className="px-4 py-2">Vaga</th>
                    <th scope="col" className="px-4 py-2">Enviada em</th>
                    <th scope="col" className="px-4 py-2">Recomendação</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {interviews.map((i) => (
                    <tr key={i.id} className="hover:bg-slate-50">
                      <td className="px-4 py-2">
                        <Link to={link(i.id)} className="font-medium text-[var(--color-accent)] hover:underline">
                          {i.candidateName}
                        </Link>
                      </td>
                      <td className="px-4 py-2">{i.openingTitle}</td>
                      <td className="px-4 py-2">{when(i.createdAt)}</td>
                      <td className="px-4 py-2">{i.recommendation ? <RecommendationBadge value={i.recommendation} /> : <span className="text-slate-700">{status(i.analysisStatus)}</span>}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ul className="grid gap-2 md:hidden" aria-label="Entrevistas">
              {interviews.map((i) => (
                <li key={i.id} className="rounded-xl border border-slate-200 bg-white p-3">
                  <div className="flex items-start justify-between gap-2">
                    <Link to={link(i.id)} className="font-medium text-[var(--color-accent)] hover:underline">
                      {i.candidateName}
                    </Link>
                    {i.recommendation ? <RecommendationBadge value={i.recommendation} /> : <span className="text-xs text-slate-700">{status(i.analysisStatus)}</span>}
                  </div>
                  <p className="mt-1 text-sm text-slate-700">
                    {i.openingTitle} · {when(i.createdAt)}
                  </p>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}
