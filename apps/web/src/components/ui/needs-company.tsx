import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from './button.tsx';
import { EmptyState } from './empty-state.tsx';

/** A page seen before the person linked a company: what it is for and the way to link one. */
export function NeedsCompany({ icon, title, description }: { icon: LucideIcon; title: string; description: string }) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      description={description}
      action={
        <Button asChild>
          <Link to="/company-welcome">Vincular empresa</Link>
        </Button>
      }
    />
  );
}
