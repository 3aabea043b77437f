import { Wrench } from 'lucide-react';
import { Link, useMatches } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Button } from '../../../components/ui/button.tsx';

/** Tools of the commercial area that open to every signed-in person; their contents come later. */
export default function ToolPage() {
  const title = (useMatches().at(-1)?.handle as { title?: string } | undefined)?.title ?? 'Ferramenta';
  return (
    <EmptyState
      icon={Wrench}
      title={`${title}: nada por aqui ainda`}
      description="Esta ferramenta está sendo preparada e ficará disponível em breve para a sua empresa."
      action={
        <Button asChild variant="secondary">
          <Link to="/empresa">Voltar para a empresa</Link>
        </Button>
      }
    />
  );
}
