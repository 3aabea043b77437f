export function Logo({ className }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-semibold text-slate-900 ${className ?? ''}`}>
      <svg viewBox="0 0 32 32" className="size-7" aria-hidden>
        <rect width="32" height="32" rx="8" fill="#1d4ed8" />
        <path d="M9 23V13l7-5 7 5v10h-5v-6h-4v6z" fill="#fff" />
      </svg>
      Sede
    </span>
  );
}
