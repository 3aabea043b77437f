import { Webhook } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state.tsx';

/** Placeholder of the webhooks panel (the webhooks feature replaces it). */
export function WebhooksPanel() {
  return <EmptyState icon={Webhook} title="Webhooks em breve" description="Aqui você vai cadastrar os endereços que recebem os eventos da empresa." />;
}
