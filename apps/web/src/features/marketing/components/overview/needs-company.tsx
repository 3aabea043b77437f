import { Megaphone } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button.tsx';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';

/** The default permissions open the marketing pages to a person without a company: it asks for one first. */
export function NeedsCompany() {
  return (
    <EmptyState
      icon={Megaphone}
      title="Marketing: vincule sua empresa primeiro"
      description="O Marketing organiza o calendário, os criativos e os materiais das empresas que a sua equipe atende. Vincule sua empresa pelo CNPJ ou aceite o convite que você recebeu por e-mail."
      action={
        <Button asChild>
          <Link to="/company-welcome">Vincular empresa</Link>
        </Button>
      }
    />
  );
}
