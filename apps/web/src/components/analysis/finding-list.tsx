import type { LucideIcon } from 'lucide-react';

/** A result's short findings (a missing clause, a gap), each behind a warning icon: '**Topic.** why'. */
export function FindingList({ icon: Icon, findings }: { icon: LucideIcon; findings: readonly { title: string; why: string }[] }) {
  return (
    <ul className="grid gap-2">
      {findings.map((f) => (
        <li key={`${f.title}:${f.why}`} className="flex gap-2 text-sm">
          <Icon className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
          <span>
            <strong>{f.title}.</strong> {f.why}
          </span>
        </li>
      ))}
    </ul>
  );
}
