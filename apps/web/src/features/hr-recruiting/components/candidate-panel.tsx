import { useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useId } from 'react';
import { toast } from '../../../lib/toast.ts';
import { CANDIDATE_STAGE_LABELS, CANDIDATE_STAGES, type CandidateStage, type CandidateView } from '@sede/shared/recruiting/schemas';
import { AnalysisPanel } from '../../../components/analysis/analysis-panel.tsx';
import { isReadableDocument } from '../../../components/analysis/analysis-source.ts';
import { FileManager } from '../../../components/files/file-manager.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ConfirmDeleteDialog, useDeletion } from '../../../components/ui/confirm-delete-dialog.tsx';
import { RecordActions } from '../../../components/ui/record-actions.tsx';
import { optionsOf } from '../../../components/ui/filter-bar.tsx';
import { OptionSelect } from '../../../components/ui/option-select.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { deleteCandidate } from '../api/delete-candidate.ts';
import { recruitingKeys } from '../api/keys.ts';
import { useCandidateAnalyses } from '../api/list-candidate-analyses.ts';
import { startResumeAnalysis } from '../api/start-resume-analysis.ts';
import { updateCandidate } from '../api/update-candidate.ts';
import { ResumeResult } from './resume-result.tsx';

/** A candidate's detail on the opening's page: pipeline stage, résumé files, analysis versions (live), deletion. */
export function CandidatePanel({ candidate, onClose }: { candidate: CandidateView; onClose: () => void }) {
  const queryClient = useQueryClient();
  const analyses = useCandidateAnalyses(candidate.id);
  useLiveInvalidate('candidate', recruitingKeys.candidateAnalyses(candidate.id));
  const deletion = useDeletion({ remove: () => deleteCandidate(candidate.id), refresh: () => refresh(), done: 'Candidato excluído com os arquivos e as análises.', leave: onClose });
  const stageId = useId();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: recruitingKeys.candidateAnalyses(candidate.id) });
    void queryClient.invalidateQueries({ queryKey: recruitingKeys.candidates(candidate.openingId) });
  };
  const list = analyses.data?.analyses ?? [];

  return (
    <Card data-testid="candidate-panel">
      <CardHeader className="flex flex-row flex-wrap items-center gap-2">
        <CardTitle className="mr-auto">{candidate.name}</CardTitle>
        <label htmlFor={stageId} className="text-sm font-medium">
          Etapa
        </label>
        <OptionSelect
          id={stageId}
          className="h-8 w-40"
          options={optionsOf(CANDIDATE_STAGES, CANDIDATE_STAGE_LABELS)}
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
        />
        <RecordActions onDelete={deletion.ask} />
        <Button variant="ghost" size="sm" onClick={onClose} aria-label="Fechar o candidato">
          <X aria-hidden />
        </Button>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <ConfirmDeleteDialog
          {...deletion.dialog}
          title="Excluir o candidato?"
          description="Os dados do candidato, os currículos, as entrevistas e as análises são excluídos de vez (LGPD). Esta ação não pode ser desfeita."
          failureMessage="Não foi possível excluir o candidato."
        />

        <AnalysisPanel
          entityType="candidate"
          entityId={candidate.id}
          accepts={(f) => isReadableDocument(f.mime)}
          analyses={list}
          action="ai.resume_analysis"
          fileLabel="Currículo a analisar"
          verbs={{ first: 'Analisar currículo', again: 'Analisar de novo' }}
          variant="secondary"
          start={(fileId) => startResumeAnalysis(candidate.id, fileId)}
          refresh={refresh}
          result={(a) => <ResumeResult result={a.result} />}
          chooserLast
        >
          {analyses.isSuccess && list.length === 0 && <p className="text-sm text-slate-600">Este candidato ainda não tem análise. Envie o currículo abaixo e peça a análise.</p>}
          <FileManager entityType="candidate" entityId={candidate.id} kinds={['document']} title="Currículos do candidato" emptyText="Nenhum currículo. Arraste o PDF ou DOCX para cá." />
        </AnalysisPanel>
      </CardContent>
    </Card>
  );
}
