import { Building2, Filter, ListChecks, type LucideIcon, Upload, Users } from 'lucide-react';
import type { CrmSegment } from '@sede/shared/crm/contacts';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { ContactsTable } from '../components/contacts-table.tsx';
import { FILTER_KEYS } from '../components/filters.ts';
import { ImportWizard } from '../components/import-wizard.tsx';
import { ImportsPanel } from '../components/imports-panel.tsx';
import { ListsPanel } from '../components/lists-panel.tsx';
import { SegmentsPanel } from '../components/segments-panel.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';

function TabLabel({ icon: Icon, text }: { icon: LucideIcon; text: string }) {
  return (
    <span className="flex items-center gap-2">
      <Icon className="size-4" aria-hidden /> {text}
    </span>
  );
}

/** /lista-contatos (decisions 0155–0159): the company's contacts, lists, segments and imports; the tab and filters live in the URL. */
export default function ContactsPage() {
  const [search, setSearch] = useUrlParams();
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

  const startImport = () => go({ importar: '1' });
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
        <Tabs
          label="Contatos"
          resets={FILTER_KEYS}
          tabs={[
            { value: 'pessoas', label: <TabLabel icon={Users} text="Pessoas" />, content: <ContactsTable key="people" entity="people" onImport={startImport} /> },
            { value: 'organizacoes', label: <TabLabel icon={Building2} text="Organizações" />, content: <ContactsTable key="organizations" entity="organizations" onImport={startImport} /> },
            { value: 'listas', label: <TabLabel icon={ListChecks} text="Listas" />, content: <ListsPanel onOpen={(listId, entity) => go({ aba: entity === 'people' ? 'pessoas' : 'organizacoes', listId })} /> },
            { value: 'segmentos', label: <TabLabel icon={Filter} text="Segmentos" />, content: <SegmentsPanel onOpen={openSegment} /> },
            { value: 'importacoes', label: <TabLabel icon={Upload} text="Importações" />, content: <ImportsPanel onNew={startImport} onOpen={(id) => go({ importacao: id })} /> },
          ]}
        />
      )}
    </div>
  );
}
