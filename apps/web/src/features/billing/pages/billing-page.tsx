import { FocusCard } from '../../../components/ui/focus-card.tsx';

export default function Page() {
  return (
    <FocusCard>
      <h1 className="text-xl font-semibold">Assinatura e pagamentos</h1>
    </FocusCard>
  );
}
