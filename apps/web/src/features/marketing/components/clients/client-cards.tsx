import { Archive, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ClientSummary } from '@sede/shared/marketing/clients';
import { CHANNEL_LABELS } from '@sede/shared/marketing/constants';
import { Button } from '../../../../components/ui/button.tsx';
import { ClientLogo } from './client-logo.tsx';
import { weekdayDateTime } from '@sede/shared/format';
import { NewClientDialog } from './new-client-dialog.tsx';

function ClientCard({ client }: { client: ClientSummary }) {
  return (
    <li>
      <Link
        to={`/marketing/empresa/${client.id}`}
        className="flex h-full gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-[var(--color-accent)] focus-visible:outline-2 focus-visible:outline-[var(--color-accent)]"
        data-testid="client-card"
      >
        <ClientLogo name={client.name} logoFileId={client.logoFileId} />
        <span className="min-w-0">
          <span className="block truncate font-semibold text-slate-900">{client.name}</span>
          <span className="block text-xs text-slate-600">{client.isOwn ? 'A própria empresa' : client.archived ? 'Arquivada' : 'Empresa cliente'}</span>
          <span className="mt-1 block text-sm text-slate-700">
            {client.nextPiece ? (
              <>
                Próxima: <span className="font-medium">{client.nextPiece.title}</span> · {CHANNEL_LABELS[client.nextPiece.channel]} · {weekdayDateTime(client.nextPiece.scheduledAt)}
              </>
            ) : (
              'Nenhuma peça agendada'
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** The clients the team serves as cards (logo, name, next piece), archived ones apart, and 'Nova empresa cliente'. */
export function ClientCards({ clients, canCreate }: { clients: ClientSummary[]; canCreate: boolean }) {
  const [open, setOpen] = useState(false);
  const active = clients.filter((c) => !c.archived);
  const archived = clients.filter((c) => c.archived);
  return (
    <section aria-labelledby="clients-title" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="clients-title" className="text-lg font-semibold text-slate-900">
          Empresas clientes
        </h2>
        {canCreate && (
          <Button onClick={() => setOpen(true)}>
            <Plus aria-hidden /> Nova empresa cliente
          </Button>
        )}
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {active.map((c) => (
          <ClientCard key={c.id} client={c} />
        ))}
      </ul>
      {archived.length > 0 && (
        <details className="text-sm">
          <summary className="inline-flex cursor-pointer items-center gap-1 font-medium text-slate-700">
            <Archive className="size-4" aria-hidden /> Arquivadas ({archived.length})
          </summary>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {archived.map((c) => (
              <ClientCard key={c.id} client={c} />
            ))}
          </ul>
        </details>
      )}
      {canCreate && <NewClientDialog open={open} onOpenChange={setOpen} />}
    </section>
  );
}
