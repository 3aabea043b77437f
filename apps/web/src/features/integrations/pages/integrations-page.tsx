import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { ApiKeysPanel } from '../components/api-keys-panel.tsx';

// The webhooks' panel is its own feature, loaded when its tab opens.
const WebhooksPanel = lazy(() => import('../../webhooks/public.ts').then((m) => ({ default: m.WebhooksPanel })));

/** /admin/integracoes (admins): the API keys and the webhooks, one tab each in the URL (`?aba=`). */
export default function IntegrationsPage() {
  return (
    <div className="grid min-w-0 gap-4">
      <Link to="/admin" className="flex w-fit items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900">
        <ArrowLeft className="size-4" aria-hidden /> Administração
      </Link>
      <Tabs
        label="Integrações"
        tabs={[
          { value: 'chaves', label: 'Chaves de API', content: <ApiKeysPanel /> },
          {
            value: 'webhooks',
            label: 'Webhooks',
            content: (
              <Suspense fallback={<Spinner label="Carregando os webhooks…" />}>
                <WebhooksPanel />
              </Suspense>
            ),
          },
        ]}
      />
    </div>
  );
}
