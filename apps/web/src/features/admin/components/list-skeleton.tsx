export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="grid gap-2" aria-busy="true" aria-label="Carregando">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="h-[4.5rem] animate-pulse rounded-xl border border-slate-200 bg-white" />
      ))}
    </div>
  );
}
