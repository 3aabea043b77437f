import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { day, money } from '@sede/shared/format';
import { READJUSTMENT_LABELS, type ContractAnalysisResult, type ContractView } from '@sede/shared/legal/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { ReportTable } from '../../../components/ui/report-table.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toggled } from '../../../lib/toggled.ts';
import { applyAnalysis, type AppliedField } from '../api/apply-analysis.ts';
import { daysLabel } from './status-badge.tsx';

const FIELD_LABELS: Record<AppliedField, string> = {
  object: 'Objeto',
  valueCents: 'Valor',
  startDate: 'Início',
  endDate: 'Término',
  automaticRenewal: 'Renovação automática',
  noticePeriodDays: 'Aviso prévio',
  readjustmentIndex: 'Índice de reajuste',
};

function show(field: AppliedField, v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (field === 'valueCents') return money(v as number);
  if (field === 'startDate' || field === 'endDate') return day(v as string);
  if (field === 'automaticRenewal') return v ? 'Sim' : 'Não';
  if (field === 'noticePeriodDays') return daysLabel(v as number);
  if (field === 'readjustmentIndex') return READJUSTMENT_LABELS[v as keyof typeof READJUSTMENT_LABELS];
  return String(v);
}

/** The fields the analysis found next to the register's; the person ticks the ones to copy and confirms. */
export function FillRegister({ analysisId, result, contract, onApplied }: { analysisId: string; result: ContractAnalysisResult; contract: ContractView; onApplied: () => void }) {
  const found = (Object.keys(FIELD_LABELS) as AppliedField[]).filter((f) => result.fields[f] !== null && result.fields[f] !== contract[f]);
  const [chosen, setChosen] = useState<Set<AppliedField>>(() => new Set(found));
  const [pending, setPending] = useState(false);
  if (found.length === 0) return <p className="text-sm text-slate-600">O cadastro já tem os dados encontrados pela análise.</p>;
  return (
    <div className="grid grid-cols-1 gap-2">
      <ReportTable
        caption="Dados encontrados para o cadastro"
        rows={found}
        rowKey={(f) => f}
        columns={[
          { header: 'Usar', cell: (f) => <input type="checkbox" className="size-4" aria-label={`Usar ${FIELD_LABELS[f]}`} checked={chosen.has(f)} onChange={(e) => setChosen(toggled(chosen, f, e.target.checked))} /> },
          { header: 'Campo', className: 'font-medium', cell: (f) => FIELD_LABELS[f] },
          { header: 'No cadastro', className: 'text-slate-600', cell: (f) => show(f, contract[f]) },
          { header: 'Na análise', cell: (f) => show(f, result.fields[f]) },
        ]}
      />
      <div>
        <Button
          variant="secondary"
          className="h-auto min-h-10 whitespace-normal py-2"
          pending={pending}
          disabled={chosen.size === 0}
          onClick={async () => {
            setPending(true);
            try {
              await applyAnalysis(analysisId, [...chosen]);
              toast.success('Cadastro do contrato atualizado.');
              onApplied();
            } catch (e) {
              toast.error(e instanceof ApiError ? e.message : 'Não foi possível atualizar o cadastro.');
            } finally {
              setPending(false);
            }
          }}
        >
          <CheckCircle2 aria-hidden /> Usar os dados marcados
        </Button>
      </div>
    </div>
  );
}
