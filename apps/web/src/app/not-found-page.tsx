import { FileQuestion } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { FocusCard } from '../components/ui/focus-card.tsx';

export function NotFoundPage() {
  return (
    <FocusCard>
      <div className="grid justify-items-center gap-4 text-center">
        <FileQuestion className="size-10 text-slate-500" aria-hidden />
        <h1 className="text-xl font-semibold">Página não encontrada</h1>
        <p className="text-sm text-slate-600">O endereço que você abriu não existe ou foi movido.</p>
        <Button asChild>
          <Link to="/">Voltar ao início</Link>
        </Button>
      </div>
    </FocusCard>
  );
}
