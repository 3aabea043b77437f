import { FileManager } from '../../../components/files/file-manager.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';

/** "Arquivos da empresa" on /empresa-perfil: the company's own files (entity type 'company'). */
export function CompanyFilesCard({ companyId }: { companyId: string }) {
  return (
    <Card data-testid="company-files">
      <CardHeader>
        <CardTitle>Arquivos da empresa</CardTitle>
        <CardDescription>Contrato social, logotipo, certidões e outros documentos da empresa, visíveis para todos os membros.</CardDescription>
      </CardHeader>
      <CardContent>
        <FileManager entityType="company" entityId={companyId} title="Arquivos da empresa" emptyText="Nenhum arquivo ainda. Envie o contrato social, o logotipo ou outros documentos da empresa." />
      </CardContent>
    </Card>
  );
}
