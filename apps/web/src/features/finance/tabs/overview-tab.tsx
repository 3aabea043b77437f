/** Visão geral: built by engineer F (replaced at merge). */
export default function OverviewTab() {
  return <p className="text-sm text-slate-600">Visão geral do financeiro em construção.</p>;
}
