import { Database } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state.tsx';

/** A fresh install: the Receita Federal data was never imported (decision 0204). */
export function NoData({ purpose }: { purpose: string }) {
  return (
    <EmptyState
      icon={Database}
      title="Importe a base de CNPJs da Receita Federal"
      description={`${purpose} Esta página usa os dados abertos do CNPJ, publicados todo mês pela Receita Federal, e eles ainda não foram importados neste servidor. Quem administra o servidor baixa os arquivos ZIP e roda, na pasta do projeto: npm run receita:import -- <pasta dos ZIPs ou URL>.`}
      action={
        <a className="text-sm font-medium text-[var(--color-accent)] underline" href="https://dados.gov.br/dados/conjuntos-dados/cadastro-nacional-da-pessoa-juridica---cnpj" target="_blank" rel="noreferrer">
          Onde baixar os dados abertos do CNPJ
        </a>
      }
    />
  );
}
