import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { RefreshCw, Unplug } from 'lucide-react';
import { toast } from '../../../lib/toast.ts';
import { count, dateTime } from '@sede/shared/format';
import { PROVIDER_LABELS, type Store, type StoreList } from '@sede/shared/ecommerce/schemas';
import { isFinished } from '@sede/shared/platform/jobs';
import { JobProgress, useJob } from '../../../components/jobs/job-progress.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { DefinitionList } from '../../../components/ui/definition-list.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { disconnectStore, syncStore } from '../api/connections.ts';
import { ecommerceKeys } from '../api/keys.ts';
import { ConnectButton } from './connect-button.tsx';
import { StoreStatusBadge } from './status-badges.tsx';

/** A store: status, last sync, its error, the import's progress while it runs, sync again and disconnect (managers). */
function StoreCard({ store, mayManage }: { store: Store; mayManage: boolean }) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  // A run is read by whoever started it or an admin (decision 0117): the managers.
  const job = useJob(mayManage ? store.importJobId : null);
  const importing = Boolean(store.importJobId && job.data && !isFinished(job.data.status));
  const refresh = () => queryClient.invalidateQueries({ queryKey: ecommerceKeys.all });
  // An import seen finished, whether it ended here or before this card first read it (its live
  // events then came before the page was listening, decision 0737): the counts are read again,
  // once per run, unless they already come from after it (the store synced since the run began).
  const finished = job.data && isFinished(job.data.status) ? job.data : null;
  const readAfter = useRef<string | null>(null);
  useEffect(() => {
    if (!finished || readAfter.current === finished.id) return;
    readAfter.current = finished.id;
    if (!store.lastSyncAt || store.lastSyncAt < finished.createdAt) void queryClient.invalidateQueries({ queryKey: ecommerceKeys.all });
  }, [finished, store.lastSyncAt, queryClient]);
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast.success(done);
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'Não foi possível concluir. Tente novamente.');
    } finally {
      await refresh();
    }
  };
  const disconnect = async () => {
    const ok = await confirm.ask({
      title: `Desconectar a loja "${store.name}"?`,
      description: 'O Sede para de receber os pedidos dela. Os pedidos, clientes e contas a receber já importados continuam aqui.',
      confirmLabel: 'Desconectar',
      destructive: true,
    });
    if (ok) await act(() => disconnectStore(store.id), 'Loja desconectada.');
  };
  return (
    <Card className="grid gap-3 p-4" data-testid="store-card">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-base font-semibold text-slate-900">{store.name}</h3>
        <StoreStatusBadge status={store.status} />
      </div>
      <DefinitionList
        items={[
          // A Mercado Livre connection is a seller's account; a Nuvemshop one, a store.
          { label: 'Plataforma', value: `${PROVIDER_LABELS[store.provider]} (${store.provider === 'mercadolivre' ? 'conta' : 'loja'} ${store.externalId})` },
          { label: 'Pedidos no Sede', value: count(store.orderCount) },
          { label: 'Última sincronização', value: store.lastSyncAt ? dateTime(store.lastSyncAt) : 'Ainda não sincronizada' },
          { label: 'Conectada em', value: dateTime(store.connectedAt) },
        ]}
      />
      {store.lastError && (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
          {store.lastError}
        </p>
      )}
      {importing && store.importJobId && <JobProgress jobId={store.importJobId} title="Importação dos pedidos" />}
      {mayManage && store.status !== 'disconnected' && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" disabled={importing} onClick={() => void act(() => syncStore(store.id), 'Importação iniciada.')}>
            <RefreshCw aria-hidden /> Importar de novo
          </Button>
          <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={() => void disconnect()}>
            <Unplug aria-hidden /> Desconectar
          </Button>
        </div>
      )}
      {mayManage && store.status === 'disconnected' && <ConnectButton provider={store.provider} variant="secondary" />}
      {confirm.dialog}
    </Card>
  );
}

/** The company's connected stores and, for managers, connecting another. */
export function StoresPanel({ list, mayManage }: { list: StoreList; mayManage: boolean }) {
  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="max-w-2xl text-sm text-slate-600">
          As lojas virtuais ligadas ao Sede. Cada pedido pago vira um cliente em Pessoas e empresas e uma conta recebida no Financeiro, na conta da própria loja.
        </p>
        {mayManage && list.available.length > 0 && (
          <div className="flex flex-wrap gap-2">
            {list.available.map((p, i) => (
              <ConnectButton key={p} provider={p} variant={i === 0 ? 'primary' : 'secondary'} />
            ))}
          </div>
        )}
      </div>
      {list.stores.length === 0 ? (
        <p className="text-sm text-slate-600">Nenhuma loja conectada ainda.</p>
      ) : (
        <div className="grid gap-3 md:grid-cols-2">
          {list.stores.map((s) => (
            <StoreCard key={s.id} store={s} mayManage={mayManage} />
          ))}
        </div>
      )}
    </div>
  );
}
