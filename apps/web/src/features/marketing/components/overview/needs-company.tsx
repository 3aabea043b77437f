import { Megaphone } from 'lucide-react';
import { NeedsCompany as CompanyFirst } from '../../../../components/ui/needs-company.tsx';

/** The default permissions open the marketing pages to a person without a company: it asks for one first. */
export function NeedsCompany() {
  return (
    <CompanyFirst
      icon={Megaphone}
      title="Marketing: vincule sua empresa primeiro"
      description="O Marketing organiza o calendário, os criativos e os materiais das empresas que a sua equipe atende. Vincule sua empresa pelo CNPJ ou aceite o convite que você recebeu por e-mail."
    />
  );
}
