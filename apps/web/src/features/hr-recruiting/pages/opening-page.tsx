import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { SENIORITY_LABELS, type OpeningView } from '@sede/shared/recruiting/schemas';
import { ConfirmDeleteDialog, useDeletion } from '../../../components/ui/confirm-delete-dialog.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { DetailHeader } from '../../../components/ui/detail-header.tsx';
import { RecordStates } from '../../../components/ui/record-states.tsx';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { deleteOpening } from '../api/delete-opening.ts';
import { useOpening } from '../api/get-opening.ts';
import { recruitingKeys } from '../api/keys.ts';
import { useCandidates } from '../api/list-candidates.ts';
import { OpeningStatusBadge } from '../components/badges.tsx';
import { CandidatePanel } from '../components/candidate-panel.tsx';
import { CandidateRanking } from '../components/candidate-ranking.tsx';
import { placeOf } from '../components/place.ts';
import { OpeningDialog } from '../components/opening-dialog.tsx';
import { ResumeUpload } from '../components/resume-upload.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';
import { RecordActions } from '../../../components/ui/record-actions.tsx';

/** /rh/analise-curriculos/:id — :id is the opening: its candidates ranked by fit, the résumé upload, a candidate's detail in ?candidato= (decision 0225). */
export default function OpeningPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useUrlParams();
  const opening = useOpening(id);
  const candidates = useCandidates(id, opening.isSuccess);
  // The openings, this one and its ranking share the key's root: a change refreshes them all.
  useLiveInvalidate('job_opening', recruitingKeys.openings);
  useLiveInvalidate('candidate', recruitingKeys.openings);
  const selectedId = params.get('candidato');
  const select = (candidateId: string | null) => {
    setParams(
      (next) => {
        if (candidateId) next.set('candidato', candidateId);
        else next.delete('candidato');
        return next;
      },
      { replace: true },
    );
  };

  return (
    <RecordStates query={opening} loading="Carregando a vaga…" notFound="Vaga não encontrada." failed="Não foi possível carregar a vaga." back={{ to: '/rh/analise-curriculos', label: 'Voltar às vagas' }}>
      {(o) => <Opening o={o} candidates={candidates} selectedId={selectedId} onSelect={select} />}
    </RecordStates>
  );
}

function Opening({ o, candidates, selectedId, onSelect }: { o: OpeningView; candidates: ReturnType<typeof useCandidates>; selectedId: string | null; onSelect: (id: string | null) => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const deletion = useDeletion({
    remove: () => deleteOpening(o.id),
    refresh: () => queryClient.invalidateQueries({ queryKey: recruitingKeys.openings }),
    done: 'Vaga excluída.',
    leave: () => void navigate('/rh/analise-curriculos'),
  });
  const list = candidates.data?.candidates ?? [];
  const selected = list.find((c) => c.id === selectedId) ?? null;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <DetailHeader
        back={{ to: '/rh/analise-curriculos', label: 'Vagas' }}
        title={o.title}
        badges={<OpeningStatusBadge status={o.status} />}
        subtitle={[o.department, SENIORITY_LABELS[o.seniority], placeOf(o)].filter(Boolean).join(' · ')}
        actions={<RecordActions onEdit={() => setEditing(true)} onDelete={deletion.ask} />}
      />
      {editing && <OpeningDialog open={editing} onOpenChange={setEditing} opening={o} />}
      <ConfirmDeleteDialog
        {...deletion.dialog}
        title="Excluir a vaga?"
        description="A vaga e todos os candidatos dela, com currículos, entrevistas e análises, são excluídos. Esta ação não pode ser desfeita."
        failureMessage="Não foi possível excluir a vaga."
      />

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Requisitos</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            <p className="whitespace-pre-line text-slate-800">{o.requirements || 'Nenhum requisito informado: edite a vaga para a análise ter uma régua.'}</p>
            {o.desiredSkills && (
              <>
                <h3 className="font-semibold text-slate-900">Competências desejadas</h3>
                <p className="whitespace-pre-line text-slate-800">{o.desiredSkills}</p>
              </>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Enviar currículos</CardTitle>
          </CardHeader>
          <CardContent>
            {o.status === 'fechada' ? <p className="text-sm text-slate-600">Esta vaga está fechada. Reabra-a (Editar → Situação) para receber currículos.</p> : <ResumeUpload openingId={o.id} />}
          </CardContent>
        </Card>
      </div>

      <CandidateRanking query={candidates} candidates={list} selectedId={selectedId} onSelect={onSelect} />
      {selected && <CandidatePanel key={selected.id} candidate={selected} onClose={() => onSelect(null)} />}
    </div>
  );
}
