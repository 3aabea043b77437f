/** DRE gerencial: built by engineer F (replaced at merge). */
export default function DreTab() {
  return <p className="text-sm text-slate-600">DRE gerencial em construção.</p>;
}
