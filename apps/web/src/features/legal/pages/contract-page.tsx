import { useQueryClient } from '@tanstack/react-query';
import { FileSignature } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import type { ContractView } from '@sede/shared/legal/schemas';
import { AnalysisCard } from '../../../components/analysis/analysis-panel.tsx';
import { isReadableDocument } from '../../../components/analysis/analysis-source.ts';
import { FileManager } from '../../../components/files/file-manager.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { NewEnvelopeDialog } from '../../esign/public.ts';
import { DetailHeader } from '../../../components/ui/detail-header.tsx';
import { RecordStates } from '../../../components/ui/record-states.tsx';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { deleteContract } from '../api/delete-contract.ts';
import { useContract } from '../api/get-contract.ts';
import { legalKeys } from '../api/keys.ts';
import { useAnalyses } from '../api/list-analyses.ts';
import { startAnalysis } from '../api/start-analysis.ts';
import { AnalysisResult } from '../components/analysis-result.tsx';
import { CompareVersions } from '../components/compare-versions.tsx';
import { ContractDialog } from '../components/contract-dialog.tsx';
import { ContractRegister } from '../components/contract-register.tsx';
import { EndingBadge, StatusBadge } from '../components/status-badge.tsx';
import { RecordActions, type RecordDeletion } from '../../../components/ui/record-actions.tsx';

/** /juridico/contrato/:contractId: the register's details, the files, the AI analyses (versions, live progress) and the comparison of versions. */
export default function ContractPage() {
  const { contractId = '' } = useParams();
  const contract = useContract(contractId);
  useLiveInvalidate('contract', legalKeys.contract(contractId));
  return (
    <RecordStates query={contract} loading="Carregando o contrato…" notFound="Contrato não encontrado." failed="Não foi possível carregar o contrato." back={{ to: '/juridico', label: 'Voltar aos contratos' }}>
      {(c) => <Contract c={c} />}
    </RecordStates>
  );
}

function Contract({ c }: { c: ContractView }) {
  const queryClient = useQueryClient();
  const analyses = useAnalyses(c.id);
  const [editing, setEditing] = useState(false);
  const [signing, setSigning] = useState(false);
  const navigate = useNavigate();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: legalKeys.contract(c.id) });
    void queryClient.invalidateQueries({ queryKey: legalKeys.contracts });
  };
  const deletion: RecordDeletion = {
    title: 'Excluir o contrato?',
    description: 'O cadastro, as análises e o acesso aos arquivos deste contrato são excluídos. Esta ação não pode ser desfeita.',
    failureMessage: 'Não foi possível excluir o contrato.',
    onConfirm: async () => {
      await deleteContract(c.id);
      await queryClient.invalidateQueries({ queryKey: legalKeys.contracts });
      toast.success('Contrato excluído.');
      void navigate('/juridico');
    },
  };

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <DetailHeader
        back={{ to: '/juridico', label: 'Contratos' }}
        title={c.title}
        badges={
          <>
            <StatusBadge status={c.status} />
            <EndingBadge endDate={c.endDate} />
          </>
        }
        actions={
          <>
            <Button variant="secondary" onClick={() => setSigning(true)}>
              <FileSignature aria-hidden /> Enviar para assinatura
            </Button>
            <RecordActions onEdit={() => setEditing(true)} deletion={deletion} />
          </>
        }
      />
      {editing && <ContractDialog open={editing} onOpenChange={setEditing} contract={c} />}
      {signing && <NewEnvelopeDialog open={signing} onOpenChange={setSigning} contract={{ id: c.id, title: c.title }} />}

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <ContractRegister contract={c} onChanged={refresh} />
        <FileManager entityType="contract" entityId={c.id} kinds={['document']} title="Arquivos do contrato" emptyText="Nenhum arquivo. Arraste o contrato assinado (PDF, DOCX ou TXT) para cá." />
      </div>

      <AnalysisCard
        entityType="contract"
        entityId={c.id}
        accepts={(f) => isReadableDocument(f.mime)}
        analyses={analyses.data?.analyses ?? []}
        action="ai.contract_analysis"
        start={(fileId) => startAnalysis(c.id, fileId)}
        refresh={() => queryClient.invalidateQueries({ queryKey: legalKeys.analyses(c.id) })}
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
