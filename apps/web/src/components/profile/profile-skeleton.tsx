/** Placeholder while the profile loads. */
export function ProfileSkeleton() {
  return (
    <div className="grid gap-4" role="status" aria-busy="true" aria-label="Carregando perfil">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="grid gap-2">
          <div className="h-4 w-24 animate-pulse rounded bg-slate-200" />
          <div className="h-10 w-full animate-pulse rounded-[var(--radius-ui)] bg-slate-100" />
        </div>
      ))}
    </div>
  );
}
