/** Fluxo de caixa: built by engineer F (replaced at merge). */
export default function CashFlowTab() {
  return <p className="text-sm text-slate-600">Fluxo de caixa em construção.</p>;
}
