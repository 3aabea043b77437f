import { cnpjSourceLabel } from '@sede/shared/prospecting/sources';
import { Card } from '../../../components/ui/card.tsx';
import { DetailItem } from '../../../components/ui/detail-item.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useCnpjLookup } from '../api/lookup-cnpj.ts';
import * as fmt from '@sede/shared/format';

/**
 * /cnpj-search's fallback (decision 0418): a CNPJ the imported data lacks (newer
 * than the month imported, a partial import, or no data imported at all) is asked of the public
 * providers through the product's CNPJ lookup; they give fewer fields than the full record.
 */
export function ProviderRecord({ cnpj, reason }: { cnpj: string; reason: 'not_imported' | 'not_in_data' }) {
  const lookup = useCnpjLookup(cnpj, true);
  if (lookup.isPending) return <Spinner />;
  if (lookup.isError) {
    return (
      <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
        {reason === 'not_in_data' ? 'CNPJ não encontrado na base da Receita Federal importada. A consulta pública de CNPJ também não trouxe a empresa: ' : 'A consulta pública de CNPJ não trouxe a empresa: '}
        {lookup.error.message}
      </p>
    );
  }
  const c = lookup.data;
  const address = [c.logradouro, c.numero].filter(Boolean).join(', ');
  const phone = c.telefone && c.telefone.length >= 10 ? `(${c.telefone.slice(0, 2)}) ****-${c.telefone.slice(-4)}` : null;
  return (
    <Card className="grid gap-4 p-4">
      <p className="rounded-md border border-slate-200 bg-slate-50 p-2 text-xs text-slate-700">
        {reason === 'not_in_data' ? 'Este CNPJ não está na base da Receita Federal importada neste servidor; estes dados' : 'Estes dados'} vêm da consulta pública de CNPJ (fonte: {cnpjSourceLabel(c.api_used)}). Sócios, CNAEs secundários, porte e capital aparecem quando a empresa estiver na base importada.
      </p>
      <div>
        <h3 className="text-lg font-semibold text-slate-900">{c.razao_social}</h3>
        <p className="text-sm text-slate-600">{fmt.cnpj(c.cnpj)}{c.nome_fantasia ? ` · ${c.nome_fantasia}` : ''}</p>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <DetailItem label="Situação cadastral">{c.situacao ?? '—'}</DetailItem>
        <DetailItem label="Abertura">{fmt.day(c.data_abertura)}</DetailItem>
        <DetailItem label="Atividade principal">{c.atividade_principal ?? '—'}</DetailItem>
        <DetailItem label="Endereço">{[address, c.bairro, [c.municipio, c.uf].filter(Boolean).join('/'), fmt.cep(c.cep)].filter(Boolean).join(' · ') || '—'}</DetailItem>
        <DetailItem label="Telefone">
          {phone ?? 'Não informado'}
          <span className="block text-xs text-slate-600">Contatos mascarados até a revelação.</span>
        </DetailItem>
      </dl>
    </Card>
  );
}
