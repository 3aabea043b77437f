import { Database } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useProspectStatus } from '../api/get-status.ts';

const HOW_TO =
  'Quem administra o servidor baixa os arquivos ZIP e roda, na pasta do projeto: npm run receita:import -- <pasta dos ZIPs ou URL da listagem da Receita>, ou configura a atualização mensal (RECEITA_DATA_URL).';

function DatasetLink() {
  return (
    <a className="text-sm font-medium text-[var(--color-accent)] underline" href="https://dados.gov.br/dados/conjuntos-dados/cadastro-nacional-da-pessoa-juridica---cnpj" target="_blank" rel="noreferrer">
      Onde baixar os dados abertos do CNPJ
    </a>
  );
}

/** A fresh install: the Receita Federal data was never imported (decision 0204); the page cannot work without it. */
export function NoData({ purpose }: { purpose: string }) {
  return (
    <EmptyState
      icon={Database}
      title="Importe a base de CNPJs da Receita Federal"
      description={`${purpose} Esta página usa os dados abertos do CNPJ, publicados todo mês pela Receita Federal, e eles ainda não foram importados neste servidor. ${HOW_TO}`}
      action={<DatasetLink />}
    />
  );
}

/**
 * Beside a search that works without the data (decision 0418): the lookups go to the public
 * providers meanwhile; what the import adds, and how to do it.
 */
export function ImportNote({ adds }: { adds: string }) {
  return (
    <Card className="grid content-start gap-2 p-4" role="note" aria-labelledby="import-note-title">
      <h3 id="import-note-title" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Database className="size-4 text-[var(--color-accent)]" aria-hidden /> Base da Receita Federal não importada
      </h3>
      <p className="text-sm text-slate-700">
        Enquanto isso, cada CNPJ é consultado nas fontes públicas de CNPJ (como BrasilAPI e CNPJ.ws), que trazem menos campos e limitam as consultas seguidas. {adds}
      </p>
      <p className="text-xs text-slate-600">Os dados abertos do CNPJ são publicados todo mês pela Receita Federal. {HOW_TO}</p>
      <DatasetLink />
    </Card>
  );
}

/** A page that works only on the imported data: the status while it loads or fails, NoData before the import, else the page. */
export function NeedsImportedData({ purpose, children }: { purpose: string; children: ReactNode }) {
  const status = useProspectStatus();
  if (status.isPending) return <Spinner />;
  if (status.isError) return <p role="alert" className="text-sm text-red-700">{status.error.message}</p>;
  if (!status.data.imported) return <NoData purpose={purpose} />;
  return children;
}
