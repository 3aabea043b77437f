import { Megaphone } from 'lucide-react';
import { LinkCompanyState } from '../../../../components/ui/link-company-state.tsx';

/** The default permissions open the marketing pages to a person without a company: it asks for one first. */
export function NeedsCompany() {
  return (
    <LinkCompanyState
      icon={Megaphone}
      title="Marketing: vincule sua empresa primeiro"
      description="O Marketing organiza o calendário, os criativos e os materiais das empresas que a sua equipe atende. Vincule sua empresa pelo CNPJ ou aceite o convite que você recebeu por e-mail."
    />
  );
}
