import * as Tabs from '@radix-ui/react-tabs';
import { Building2, Filter, ListChecks, Upload, Users } from 'lucide-react';
import type { CrmSegment } from '@sede/shared/crm/contacts';
import { ContactsTable } from '../components/contacts-table.tsx';
import { ImportWizard } from '../components/import-wizard.tsx';
import { ImportsPanel } from '../components/imports-panel.tsx';
import { ListsPanel } from '../components/lists-panel.tsx';
import { SegmentsPanel } from '../components/segments-panel.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';

const TABS = [
  { value: 'pessoas', label: 'Pessoas', icon: Users },
  { value: 'organizacoes', label: 'Organizações', icon: Building2 },
  { value: 'listas', label: 'Listas', icon: ListChecks },
  { value: 'segmentos', label: 'Segmentos', icon: Filter },
  { value: 'importacoes', label: 'Importações', icon: Upload },
] as const;
type Tab = (typeof TABS)[number]['value'];

/** /lista-contatos (decisions 0155–0159): the company's contacts, lists, segments and imports; the tab and filters live in the URL. */
export default function ContactsPage() {
  const [search, setSearch] = useUrlParams();
  const tab = (TABS.some((t) => t.value === search.get('aba')) ? search.get('aba') : 'pessoas') as Tab;
  const importing = search.get('importar') === '1' || search.has('importacao');

  const go = (next: Record<string, string | null>, keepFilters = false) =>
    setSearch((prev) => {
      const out = keepFilters ? new URLSearchParams(prev) : new URLSearchParams();
      for (const [k, v] of Object.entries(next)) {
        if (v === null) out.delete(k);
        else out.set(k, v);
      }
      return out;
    });

  const openSegment = (s: CrmSegment) => {
    const params: Record<string, string> = { aba: s.entity === 'people' ? 'pessoas' : 'organizacoes' };
    for (const [k, v] of Object.entries(s.filter)) if (v !== undefined && v !== null) params[k] = String(v);
    go(params);
  };

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h2 className="text-xl font-semibold text-slate-900">Contatos</h2>
        <p className="text-sm text-slate-600">Pessoas e empresas com quem sua equipe se relaciona: busque, filtre, organize em listas e segmentos, importe planilhas e exporte em CSV.</p>
      </div>
      {importing ? (
        <ImportWizard
          importId={search.get('importacao')}
          onStarted={(id) => go({ aba: 'importacoes', importacao: id })}
          onClose={() => go({ aba: 'importacoes' })}
        />
      ) : (
        <Tabs.Root value={tab} onValueChange={(v) => go({ aba: v })} className="grid gap-4">
          <Tabs.List aria-label="Contatos" className="flex gap-1 overflow-x-auto border-b border-slate-200">
            {TABS.map((t) => (
              <Tabs.Trigger
                key={t.value}
                value={t.value}
                className="-mb-px flex items-center gap-2 whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-[var(--color-accent)] data-[state=active]:border-[var(--color-accent)] data-[state=active]:text-[var(--color-accent)]"
              >
                <t.icon className="size-4" aria-hidden /> {t.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="pessoas" className="focus-visible:outline-none">
            {tab === 'pessoas' && <ContactsTable key="people" entity="people" onImport={() => go({ importar: '1' })} />}
          </Tabs.Content>
          <Tabs.Content value="organizacoes" className="focus-visible:outline-none">
            {tab === 'organizacoes' && <ContactsTable key="organizations" entity="organizations" onImport={() => go({ importar: '1' })} />}
          </Tabs.Content>
          <Tabs.Content value="listas" className="focus-visible:outline-none">
            <ListsPanel onOpen={(listId, entity) => go({ aba: entity === 'people' ? 'pessoas' : 'organizacoes', listId })} />
          </Tabs.Content>
          <Tabs.Content value="segmentos" className="focus-visible:outline-none">
            <SegmentsPanel onOpen={openSegment} />
          </Tabs.Content>
          <Tabs.Content value="importacoes" className="focus-visible:outline-none">
            <ImportsPanel onNew={() => go({ importar: '1' })} onOpen={(id) => go({ importacao: id })} />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </div>
  );
}
