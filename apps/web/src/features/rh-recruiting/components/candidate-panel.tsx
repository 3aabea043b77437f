import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { CANDIDATE_STAGE_LABELS, CANDIDATE_STAGES, type CandidateStage, type CandidateView } from '@sede/shared/recruiting/schemas';
import { AnalysisFailure, AnalysisVersions, currentAnalysis } from '../../../components/analysis/analysis-versions.tsx';
import { FileManager } from '../../../components/files/file-manager.tsx';
import { entityFilesQueryOptions } from '../../../components/files/files-api.ts';
import { JobProgress } from '../../../components/jobs/job-progress.tsx';
import { PaidActionButton } from '../../../components/paid-action/paid-action-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { inputClass } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { deleteCandidate } from '../api/delete-candidate.ts';
import { recruitingKeys } from '../api/keys.ts';
import { useCandidateAnalyses } from '../api/list-candidate-analyses.ts';
import { startResumeAnalysis } from '../api/start-resume-analysis.ts';
import { updateCandidate } from '../api/update-candidate.ts';
import { ResumeResult } from './resume-result.tsx';

const readable = (mime: string) => /pdf|wordprocessingml|text\/plain/.test(mime);

/** A candidate's detail on the opening's page: pipeline stage, résumé files, analysis versions (live), deletion. */
export function CandidatePanel({ candidate, onClose }: { candidate: CandidateView; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { company } = useAuth();
  const analyses = useCandidateAnalyses(candidate.id);
  const files = useQuery(entityFilesQueryOptions('candidate', candidate.id));
  useLiveInvalidate('candidate', recruitingKeys.candidateAnalyses(candidate.id));
  const [shown, setShown] = useState<string | null>(null);
  const [fileId, setFileId] = useState('');
  const [deleting, setDeleting] = useState(false);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: recruitingKeys.candidateAnalyses(candidate.id) });
    void queryClient.invalidateQueries({ queryKey: recruitingKeys.candidates(candidate.openingId) });
  };
  const list = analyses.data?.analyses ?? [];
  const running = list.find((a) => a.status !== 'done' && a.status !== 'failed');
  const current = currentAnalysis(list, shown);
  const docs = (files.data ?? []).filter((f) => readable(f.mime));
  const chosen = fileId || docs[0]?.id || '';

  return (
    <Card data-testid="candidate-panel">
      <CardHeader className="flex flex-row flex-wrap items-center gap-2">
        <CardTitle className="mr-auto">{candidate.name}</CardTitle>
        <label className="flex items-center gap-2 text-sm font-medium">
          Etapa
          <select
            className={`${inputClass} h-8 w-40`}
            value={candidate.stage}
            onChange={async (e) => {
              try {
                await updateCandidate(candidate.id, { stage: e.target.value as CandidateStage });
                refresh();
                toast.success(`Candidato movido para ${CANDIDATE_STAGE_LABELS[e.target.value as CandidateStage]}.`);
              } catch (err) {
                toast.error(err instanceof ApiError ? err.message : 'Não foi possível mover o candidato.');
              }
            }}
          >
            {CANDIDATE_STAGES.map((s) => (
              <option key={s} value={s}>
                {CANDIDATE_STAGE_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <Button variant="ghost" size="sm" onClick={() => setDeleting(true)}>
          <Trash2 aria-hidden /> Excluir
        </Button>
        <Button variant="ghost" size="sm" onClick={onClose} aria-label="Fechar o candidato">
          <X aria-hidden />
        </Button>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <Dialog
          open={deleting}
          onOpenChange={setDeleting}
          title="Excluir o candidato?"
          description="Os dados do candidato, os currículos, as entrevistas e as análises são excluídos de vez (LGPD). Esta ação não pode ser desfeita."
        >
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setDeleting(false)}>
              Cancelar
            </Button>
            <Button
              variant="destructive"
              onClick={async () => {
                try {
                  await deleteCandidate(candidate.id);
                  refresh();
                  toast.success('Candidato excluído com os arquivos e as análises.');
                  onClose();
                } catch (err) {
                  setDeleting(false);
                  toast.error(err instanceof ApiError ? err.message : 'Não foi possível excluir o candidato.');
                }
              }}
            >
              Excluir
            </Button>
          </div>
        </Dialog>

        {running?.jobRunId && (
          <JobProgress
            jobId={running.jobRunId}
            title={`Análise versão ${running.version} · ${running.fileName ?? ''}`}
            onFinished={(job) => {
              refresh();
              if (job.status === 'failed') toast.error(`${job.error ?? 'A análise falhou.'} Nenhuma moeda foi cobrada.`);
            }}
          />
        )}
        <AnalysisVersions analyses={list} currentId={current?.id} onSelect={setShown} />
        {current?.status === 'failed' && <AnalysisFailure analysis={current} />}
        {current?.status === 'done' && current.result && <ResumeResult key={current.id} result={current.result} />}
        {analyses.isSuccess && list.length === 0 && <p className="text-sm text-slate-600">Este candidato ainda não tem análise. Envie o currículo abaixo e peça a análise.</p>}

        <FileManager entityType="candidate" entityId={candidate.id} kinds={['document']} title="Currículos do candidato" emptyText="Nenhum currículo. Arraste o PDF ou DOCX para cá." />
        {docs.length > 0 && (
          <div className="flex flex-wrap items-end gap-3">
            <label className="grid gap-1 text-sm font-medium">
              Currículo a analisar
              <select className={`${inputClass} max-w-72`} value={chosen} onChange={(e) => setFileId(e.target.value)}>
                {docs.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name}
                  </option>
                ))}
              </select>
            </label>
            <PaidActionButton
              action="ai.resume_analysis"
              verb={list.length ? 'Analisar de novo' : 'Analisar currículo'}
              variant="secondary"
              balance={company?.currency_amount}
              successMessage="Análise iniciada. As moedas só são cobradas se ela terminar."
              run={async () => {
                const a = await startResumeAnalysis(candidate.id, chosen);
                setShown(a.id);
                refresh();
                return { charged: 0, balance: company?.currency_amount ?? 0 };
              }}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
