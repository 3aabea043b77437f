/** Stable keys for the placeholder rows. */
const SKELETON_ROWS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];

export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="grid gap-2" role="status" aria-busy="true" aria-label="Carregando">
      {SKELETON_ROWS.slice(0, rows).map((row) => (
        <div key={row} className="h-[4.5rem] animate-pulse rounded-xl border border-slate-200 bg-white" />
      ))}
    </div>
  );
}
