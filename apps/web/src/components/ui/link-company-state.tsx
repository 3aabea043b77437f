import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from './button.tsx';
import { EmptyState } from './empty-state.tsx';

/** A page of company data seen by a person without a company: what the page is for, and 'Vincular empresa'. */
export function LinkCompanyState({ icon, title, description }: { icon: LucideIcon; title: string; description: string }) {
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
