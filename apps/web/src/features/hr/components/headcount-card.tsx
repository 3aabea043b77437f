import { lazy, Suspense } from 'react';
import { ChartCard } from '../../../components/ui/chart-card.tsx';
import { ReportTable } from '../../../components/ui/report-table.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

const HeadcountChart = lazy(() => import('./headcount-chart.tsx'));

type Row = { label: string; count: number };

/** A headcount breakdown: a bar chart described by its title, or the same numbers as a table ('Ver tabela'). */
export function HeadcountCard({ title, description, header, rows }: { title: string; description: string; header: string; rows: Row[] }) {
  return (
    <ChartCard
      title={title}
      description={description}
      empty={rows.length ? null : 'Ninguém cadastrado ainda.'}
      table={
        <ReportTable
          caption={title}
          rows={rows}
          rowKey={(r) => r.label}
          columns={[
            { header, cell: (r) => r.label },
            { header: 'Pessoas', align: 'right', cell: (r) => r.count },
          ]}
        />
      }
    >
      <Suspense fallback={<Spinner label="Carregando gráfico…" />}>
        <HeadcountChart rows={rows} />
      </Suspense>
    </ChartCard>
  );
}
