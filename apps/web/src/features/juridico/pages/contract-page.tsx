import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { CONTRACT_STATUS_LABELS, CONTRACT_STATUSES, READJUSTMENT_LABELS, type ContractStatus } from '@sede/shared/juridico/schemas';
import { AnalysisCard } from '../../../components/analysis/analysis-panel.tsx';
import { FileManager } from '../../../components/files/file-manager.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { inputClass } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { deleteContract } from '../api/delete-contract.ts';
import { useContract } from '../api/get-contract.ts';
import { juridicoKeys } from '../api/keys.ts';
import { useAnalyses } from '../api/list-analyses.ts';
import { startAnalysis } from '../api/start-analysis.ts';
import { updateContract } from '../api/update-contract.ts';
import { AnalysisResult } from '../components/analysis-result.tsx';
import { CompareVersions } from '../components/compare-versions.tsx';
import { ContractDialog } from '../components/contract-dialog.tsx';
import { daysLabel, formatDocument, money, period } from '../components/format.ts';
import { EndingBadge, StatusBadge } from '../components/status-badge.tsx';

const readable = (mime: string) => /pdf|wordprocessingml|text\/plain/.test(mime);

/** /juridico/contrato/:contractId: the register's details, the files, the AI analyses (versions, live progress) and the comparison of versions. */
export default function ContractPage() {
  const { contractId = '' } = useParams();
  const queryClient = useQueryClient();
  const contract = useContract(contractId);
  const analyses = useAnalyses(contractId);
  useLiveInvalidate('contract', juridicoKeys.contract(contractId));
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const navigate = useNavigate();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: juridicoKeys.contract(contractId) });
    void queryClient.invalidateQueries({ queryKey: juridicoKeys.contracts });
  };

  if (contract.isPending) return <Spinner label="Carregando o contrato…" />;
  if (contract.isError) {
    return (
      <div className="grid gap-3">
        <p role="alert" className="text-sm text-red-700">
          {contract.error instanceof ApiError && contract.error.status === 404 ? 'Contrato não encontrado.' : 'Não foi possível carregar o contrato.'}
        </p>
        <Link to="/juridico" className="text-sm text-[var(--color-accent)] underline">
          Voltar aos contratos
        </Link>
      </div>
    );
  }
  const c = contract.data;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <Link to="/juridico" className="flex w-fit items-center gap-1 text-sm text-[var(--color-accent)] hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> Contratos
      </Link>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-xl font-semibold text-slate-900">{c.title}</h2>
        <StatusBadge status={c.status} />
        <EndingBadge endDate={c.endDate} />
        <div className="ml-auto flex gap-2">
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden /> Editar
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden /> Excluir
          </Button>
        </div>
      </div>
      {editing && <ContractDialog open={editing} onOpenChange={setEditing} contract={c} />}
      <ConfirmDeleteDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Excluir o contrato?"
        description="O cadastro, as análises e o acesso aos arquivos deste contrato são excluídos. Esta ação não pode ser desfeita."
        failureMessage="Não foi possível excluir o contrato."
        onConfirm={async () => {
          await deleteContract(c.id);
          await queryClient.invalidateQueries({ queryKey: juridicoKeys.contracts });
          toast.success('Contrato excluído.');
          void navigate('/juridico');
        }}
      />

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Card>
          <CardHeader>
            <CardTitle>Cadastro</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-slate-600">Outra parte</dt>
              <dd>{c.counterparty ? `${c.counterparty.name}${c.counterparty.document ? ` · ${formatDocument(c.counterparty.document)}` : ''}` : '—'}</dd>
              <dt className="text-slate-600">Objeto</dt>
              <dd>{c.object ?? '—'}</dd>
              <dt className="text-slate-600">Valor</dt>
              <dd className="tabular-nums">{money(c.valueCents)}</dd>
              <dt className="text-slate-600">Vigência</dt>
              <dd>{period(c.startDate, c.endDate)}</dd>
              <dt className="text-slate-600">Renovação automática</dt>
              <dd>{c.automaticRenewal ? 'Sim' : 'Não'}</dd>
              <dt className="text-slate-600">Aviso prévio</dt>
              <dd>{c.noticePeriodDays === null ? '—' : daysLabel(c.noticePeriodDays)}</dd>
              <dt className="text-slate-600">Reajuste</dt>
              <dd>{READJUSTMENT_LABELS[c.readjustmentIndex]}</dd>
              <dt className="text-slate-600">
                <label htmlFor="contract-status">Situação</label>
              </dt>
              <dd>
                <select
                  id="contract-status"
                  className={`${inputClass} h-8 max-w-48`}
                  value={c.status}
                  onChange={async (e) => {
                    try {
                      await updateContract(c.id, { status: e.target.value as ContractStatus });
                      refresh();
                    } catch (err) {
                      toast.error(err instanceof ApiError ? err.message : 'Não foi possível mudar a situação.');
                    }
                  }}
                >
                  {CONTRACT_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {CONTRACT_STATUS_LABELS[s]}
                    </option>
                  ))}
                </select>
              </dd>
            </dl>
            <p className="mt-3 text-xs text-slate-600">Alertas de vencimento chegam 30, 15 e 7 dias antes do término a quem cuida do Jurídico.</p>
          </CardContent>
        </Card>
        <FileManager entityType="contract" entityId={c.id} kinds={['document']} title="Arquivos do contrato" emptyText="Nenhum arquivo. Arraste o contrato assinado (PDF, DOCX ou TXT) para cá." />
      </div>

      <AnalysisCard
        entityType="contract"
        entityId={c.id}
        accepts={(f) => readable(f.mime)}
        analyses={analyses.data?.analyses ?? []}
        action="ai.contract_analysis"
        start={(fileId) => startAnalysis(c.id, fileId)}
        refresh={() => queryClient.invalidateQueries({ queryKey: juridicoKeys.analyses(c.id) })}
        result={(a) => <AnalysisResult analysisId={a.id} result={a.result} contract={c} onApplied={refresh} />}
        noFileHint={
          <p className="text-sm text-slate-600">Envie o arquivo do contrato (PDF com texto, DOCX ou TXT) em “Arquivos do contrato” para analisá-lo: resumo, obrigações, datas e valores, cláusulas de risco, cláusulas que faltam e redação sugerida.</p>
        }
      />

      <Card>
        <CardHeader>
          <CardTitle>Comparar versões do contrato</CardTitle>
        </CardHeader>
        <CardContent>
          <CompareVersions contractId={c.id} />
        </CardContent>
      </Card>
    </div>
  );
}
