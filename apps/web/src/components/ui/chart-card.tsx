import { Table2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { Card } from './card.tsx';

/**
 * A titled chart: the chart is an image described by the title and the description, 'Ver tabela'
 * shows the same figures as `table` instead, and `empty` is said when there is nothing to draw.
 * `actions` go before the toggle (a download, a period).
 */
export function ChartCard({ title, description, empty, table, actions, children }: { title: string; description: string; empty: string | null; table: ReactNode; actions?: ReactNode; children: ReactNode }) {
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  return (
    <Card className="grid min-w-0 content-start gap-3 p-4 sm:p-5" role="region" aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
            {title}
          </h3>
          <p id={`${id}-desc`} className="text-sm text-slate-600">
            {description}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {actions}
          <Button variant="secondary" size="sm" aria-pressed={showTable} onClick={() => setShowTable((t) => !t)} disabled={empty !== null}>
            <Table2 aria-hidden /> Ver tabela
          </Button>
        </div>
      </div>
      {empty !== null ? (
        <p className="rounded-lg bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">{empty}</p>
      ) : showTable ? (
        table
      ) : (
        <div role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`} className="min-w-0">
          {children}
        </div>
      )}
    </Card>
  );
}
