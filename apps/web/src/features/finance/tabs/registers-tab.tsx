import { can, grantsFor } from '@sede/shared/registry/permissions';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { useRegisters } from '../api/get-registers.ts';
import { AccountsCard } from '../components/registers/accounts-card.tsx';
import { BoletoProviderCard } from '../components/registers/boleto-provider-card.tsx';
import { CategoriesCard } from '../components/registers/categories-card.tsx';
import { CostCentersCard } from '../components/registers/cost-centers-card.tsx';
import { PixKeysCard } from '../components/registers/pix-keys-card.tsx';

/** Cadastros: bank and cash accounts with balances, their Pix keys, the chart of categories, cost centres. */
export default function RegistersTab() {
  const registers = useRegisters();
  const { membership } = useAuth();
  const mayWrite = can(grantsFor(membership), 'finance.write');
  if (registers.isPending) return <Spinner label="Carregando cadastros…" />;
  if (registers.isError) return <p role="alert" className="text-sm text-red-700">{registers.error.message}</p>;
  const { accounts, categories, costCenters } = registers.data;
  return (
    <div className="grid min-w-0 gap-6">
      <AccountsCard accounts={accounts} mayWrite={mayWrite} />
      <PixKeysCard accounts={accounts} mayWrite={mayWrite} />
      <BoletoProviderCard accounts={accounts} mayWrite={mayWrite} />
      <CategoriesCard categories={categories} mayWrite={mayWrite} />
      <CostCentersCard costCenters={costCenters} mayWrite={mayWrite} />
    </div>
  );
}
