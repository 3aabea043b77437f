import { document, money, period } from '@sede/shared/format';
import { CONTRACT_STATUS_LABELS, CONTRACT_STATUSES, READJUSTMENT_LABELS, type ContractStatus, type ContractView } from '@sede/shared/legal/schemas';
import { toast } from '../../../lib/toast.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { DefinitionList } from '../../../components/ui/definition-list.tsx';
import { optionsOf } from '../../../components/ui/filter-bar.tsx';
import { OptionSelect } from '../../../components/ui/option-select.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { updateContract } from '../api/update-contract.ts';
import { daysLabel } from './status-badge.tsx';

/** A contract's register on its page; its status changes right there. */
export function ContractRegister({ contract: c, onChanged: refresh }: { contract: ContractView; onChanged: () => void }) {
  const changeStatus = async (status: ContractStatus) => {
    try {
      await updateContract(c.id, { status });
      refresh();
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Não foi possível mudar a situação.');
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Cadastro</CardTitle>
      </CardHeader>
      <CardContent>
        <DefinitionList
          items={[
            { label: 'Outra parte', value: c.counterparty ? `${c.counterparty.name}${c.counterparty.document ? ` · ${document(c.counterparty.document)}` : ''}` : '—' },
            { label: 'Objeto', value: c.object ?? '—' },
            { label: 'Valor', value: <span className="tabular-nums">{money(c.valueCents)}</span> },
            { label: 'Vigência', value: period(c.startDate, c.endDate) },
            { label: 'Renovação automática', value: c.automaticRenewal ? 'Sim' : 'Não' },
            { label: 'Aviso prévio', value: c.noticePeriodDays === null ? '—' : daysLabel(c.noticePeriodDays) },
            { label: 'Reajuste', value: READJUSTMENT_LABELS[c.readjustmentIndex] },
            {
              key: 'status',
              label: <label htmlFor="contract-status">Situação</label>,
              value: (
                <OptionSelect
                  id="contract-status"
                  className="h-8 max-w-48"
                  options={optionsOf(CONTRACT_STATUSES, CONTRACT_STATUS_LABELS)}
                  value={c.status}
                  onChange={(e) => changeStatus(e.target.value as ContractStatus)}
                />
              ),
            },
          ]}
        />
        <p className="mt-3 text-xs text-slate-600">Alertas de vencimento chegam 30, 15 e 7 dias antes do término a quem cuida do Jurídico.</p>
      </CardContent>
    </Card>
  );
}
