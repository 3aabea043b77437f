import { Building2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { normalizeCnpjInput } from '@sede/shared/cnpj-format';
import { formatCnae, type ProspectCompany } from '@sede/shared/prospecting/schemas';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { DetailItem } from '../../../components/ui/detail-item.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useProspectCompany } from '../api/get-company.ts';
import { CnpjForm } from '../components/cnpj-form.tsx';
import { ProviderRecord } from '../components/provider-record.tsx';
import { useProspectStatus } from '../api/get-status.ts';
import { ImportNote } from '../components/no-data.tsx';
import { RevealContacts } from '../components/reveal-contacts.tsx';
import * as fmt from '@sede/shared/format';
import { porte, situacao } from '../lib/labels.ts';
import { useUrlParams } from '../../../lib/url-params.ts';

/**
 * /cnpj-search (decision 0204): one company's whole record from the imported Receita data; on an
 * install without it, the public providers' record with the import explained beside (decision 0418).
 */
export default function CnpjSearchPage() {
  const status = useProspectStatus();
  const [params, setParams] = useUrlParams();
  const cnpj = normalizeCnpjInput(params.get('cnpj') ?? '');
  const [text, setText] = useState(cnpj ? fmt.cnpj(cnpj) : '');
  const record = useProspectCompany(status.data?.imported ? cnpj : '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = normalizeCnpjInput(text);
    setParams(v ? { cnpj: v } : {});
  };

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h2 className="text-xl font-semibold text-slate-900">Busca por CNPJ</h2>
        <p className="text-sm text-slate-600">Consulte os dados públicos de uma empresa: situação, endereço, atividades, porte, capital, Simples/MEI e quadro de sócios.</p>
      </div>
      {status.isPending ? (
        <Spinner />
      ) : status.isError ? (
        <p role="alert" className="text-sm text-red-700">{status.error.message}</p>
      ) : (
        <div className={status.data.imported ? 'grid gap-6' : 'grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]'}>
          <div className="grid min-w-0 gap-6">
            <CnpjForm label="Buscar CNPJ" action="Consultar" value={text} onChange={setText} onSubmit={submit} />
            {!cnpj ? (
              <EmptyState
                icon={Building2}
                title="Digite um CNPJ"
                description={
                  status.data.imported
                    ? 'A ficha mostra os dados da base da Receita Federal importada neste servidor. Você também chega aqui pelos resultados de Extrair leads por CNPJ.'
                    : 'A ficha mostra os dados da consulta pública de CNPJ: razão social, situação, atividade principal, endereço e abertura.'
                }
              />
            ) : !status.data.imported ? (
              <ProviderRecord cnpj={cnpj} reason="not_imported" />
            ) : record.isPending ? (
              <Spinner />
            ) : record.isError ? (
              record.error instanceof ApiError && record.error.status === 404 ? (
                <ProviderRecord cnpj={cnpj} reason="not_in_data" />
              ) : (
                <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">{record.error.message}</p>
              )
            ) : (
              <Record c={record.data} />
            )}
          </div>
          {status.data.imported ? null : <ImportNote adds="Com a base importada, a ficha traz também sócios, CNAEs secundários, porte, capital social e Simples/MEI, sem depender dessas fontes." />}
        </div>
      )}
    </div>
  );
}

function Record({ c }: { c: ProspectCompany }) {
  const e = c.endereco;
  const street = [e.tipoLogradouro, e.logradouro].filter(Boolean).join(' ');
  const yesNo = (v: { optante: boolean; dataOpcao: string | null; dataExclusao: string | null } | null) =>
    !v ? 'Sem registro' : v.optante ? `Sim, desde ${fmt.day(v.dataOpcao)}` : v.dataExclusao ? `Não (excluída em ${fmt.day(v.dataExclusao)})` : 'Não';
  return (
    <div className="grid gap-4">
      <Card className="grid gap-4 p-4">
        <div>
          <h3 className="text-lg font-semibold text-slate-900">{c.razaoSocial}</h3>
          <p className="text-sm text-slate-600">
            {fmt.cnpj(c.cnpj)} · {c.matriz ? 'Matriz' : 'Filial'}{c.nomeFantasia ? ` · ${c.nomeFantasia}` : ''}
          </p>
          <Link to={`/deep-search?cnpj=${c.cnpj}`} className="mt-1 inline-block text-sm font-medium text-[var(--color-accent)] underline">Ver relações</Link>
        </div>
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <DetailItem label="Situação cadastral">{situacao(c.situacao)} desde {fmt.day(c.dataSituacao)}{c.motivoSituacao && c.situacao !== '02' ? ` (${c.motivoSituacao})` : ''}</DetailItem>
          <DetailItem label="Abertura">{fmt.day(c.dataInicio)}</DetailItem>
          <DetailItem label="Natureza jurídica">{c.naturezaJuridica ? `${c.naturezaJuridica.codigo} — ${c.naturezaJuridica.descricao ?? ''}` : '—'}</DetailItem>
          <DetailItem label="Porte">{porte(c.porte)}</DetailItem>
          <DetailItem label="Capital social">{fmt.money(c.capitalCents)}</DetailItem>
          <DetailItem label="Simples Nacional">{yesNo(c.simples)}</DetailItem>
          <DetailItem label="MEI">{yesNo(c.mei)}</DetailItem>
          <DetailItem label="Outros estabelecimentos do mesmo CNPJ raiz">{fmt.count(c.outrosEstabelecimentos)}</DetailItem>
        </dl>
      </Card>
      <Card className="grid gap-3 p-4">
        <h3 className="text-base font-semibold text-slate-900">Endereço e contatos</h3>
        <dl className="grid gap-3 sm:grid-cols-2">
          <DetailItem label="Endereço">
            {[street, e.numero, e.complemento].filter(Boolean).join(', ') || '—'}
            <br />
            {[e.bairro, [e.municipio ?? e.cidadeExterior, e.uf].filter(Boolean).join('/'), fmt.cep(e.cep)].filter(Boolean).join(' · ')}
          </DetailItem>
          <DetailItem label="Telefones e e-mail">
            {c.telefones.length || c.email ? [...c.telefones, c.email].filter(Boolean).join(' · ') : 'Não informados'}
            <RevealContacts record={c} />
          </DetailItem>
        </dl>
      </Card>
      <Card className="grid gap-3 p-4">
        <h3 className="text-base font-semibold text-slate-900">Atividades (CNAE)</h3>
        <ul className="grid gap-1 text-sm">
          {c.cnaePrincipal ? (
            <li><span className="font-medium">{formatCnae(c.cnaePrincipal.codigo)}</span> {c.cnaePrincipal.descricao} <span className="text-xs text-slate-600">(principal)</span></li>
          ) : null}
          {c.cnaesSecundarias.map((s) => (
            <li key={s.codigo}><span className="font-medium">{formatCnae(s.codigo)}</span> {s.descricao ?? ''}</li>
          ))}
        </ul>
      </Card>
      <Card className="grid gap-3 p-4">
        <h3 className="text-base font-semibold text-slate-900">Quadro de sócios e administradores</h3>
        {c.socios.length === 0 ? (
          <p className="text-sm text-slate-600">Nenhum sócio informado na base.</p>
        ) : (
          <ul className="grid gap-2 text-sm">
            {c.socios.map((s) => (
              <li key={`${s.nome}-${s.documento}-${s.dataEntrada}`} className="rounded-md border border-slate-100 p-2">
                <span className="font-medium">{s.nome}</span>
                <span className="block text-xs text-slate-600">{[s.qualificacao, s.documento, s.dataEntrada ? `desde ${fmt.day(s.dataEntrada)}` : null].filter(Boolean).join(' · ')}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {c.importedAt ? <p className="text-xs text-slate-600">Fonte: dados abertos do CNPJ da Receita Federal, importados em {fmt.day(c.importedAt)}.</p> : null}
    </div>
  );
}
