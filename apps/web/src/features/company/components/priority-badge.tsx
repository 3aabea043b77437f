import { Star } from 'lucide-react';

/** Marks what the company chose to automate in onboarding: words and an icon, never colour alone. */
export function PriorityBadge() {
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900" data-testid="priority-badge">
      <Star className="size-3 fill-current" aria-hidden />
      Prioridade da empresa
    </span>
  );
}
