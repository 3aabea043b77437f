import { FocusCard } from '../../../components/ui/focus-card.tsx';

export default function Page() {
  return (
    <FocusCard>
      <h1 className="text-xl font-semibold">Vincular Empresa</h1>
    </FocusCard>
  );
}
