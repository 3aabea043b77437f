/** Extratos e conciliação: built by engineer F (replaced at merge). */
export default function StatementsTab() {
  return <p className="text-sm text-slate-600">Extratos e conciliação em construção.</p>;
}
