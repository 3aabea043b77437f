import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { CampaignReport } from '@sede/shared/campaigns/schemas';
import { shortDateTime } from '@sede/shared/format';

/** Sent, opened, clicked and replied per hour (recharts: loaded only with the report). */
export default function ReportChart({ series }: { series: CampaignReport['series'] }) {
  const data = series.map((p) => ({ ...p, label: shortDateTime(p.at) }));
  return (
    <div className="h-64 w-full" role="img" aria-label="Gráfico de envios, aberturas, cliques e respostas por hora">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip />
          <Legend />
          <Line type="monotone" dataKey="sent" name="Enviados" stroke="#2563eb" strokeWidth={2} />
          <Line type="monotone" dataKey="opened" name="Aberturas" stroke="#16a34a" strokeWidth={2} />
          <Line type="monotone" dataKey="clicked" name="Cliques" stroke="#d97706" strokeWidth={2} />
          <Line type="monotone" dataKey="replied" name="Respostas" stroke="#7c3aed" strokeWidth={2} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
