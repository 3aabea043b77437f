import { LifeBuoy, Mail } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';

export default function SupportPage() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2"><LifeBuoy className="size-5" aria-hidden /> Suporte</CardTitle>
        <CardDescription>Precisa de ajuda com o Sede? Fale com a nossa equipe.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm text-slate-700">
        <p className="flex items-center gap-2"><Mail className="size-4" aria-hidden /> suporte@sede.app</p>
        <p>Atendimento de segunda a sexta, das 9h às 18h (horário de Brasília). Respondemos em até um dia útil.</p>
      </CardContent>
    </Card>
  );
}
