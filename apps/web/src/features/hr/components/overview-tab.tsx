import { Cake, FileSearch, Mic, Palmtree, PartyPopper, Plus, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CONTRACT_TYPE_LABELS, LEAVE_TYPE_LABELS, type LeaveNow, type UpcomingDate } from '@sede/shared/hr/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useHrOverview } from '../api/get-overview.ts';
import { day, dayMonth, inDays as when } from '@sede/shared/format';
import { HeadcountCard } from './headcount-card.tsx';
import { RecordLink } from '../../../components/ui/record-link.tsx';

const employeeLink = (id: string) => `/rh?aba=colaboradores&colaborador=${id}`;

function Section({ title, icon: Icon, children }: { title: string; icon: typeof Cake; children: ReactNode }) {
  return (
    <Card className="grid content-start gap-2 p-4 sm:p-5">
      <h3 className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <Icon className="size-4 text-[var(--color-accent)]" aria-hidden /> {title}
      </h3>
      {children}
    </Card>
  );
}

type PersonLine = { key: string; employeeId: string; name: string; detail: string };

/** People with a date about them (a birthday, a leave), each linking to the register. */
function PersonList({ items, empty }: { items: PersonLine[]; empty: string }) {
  if (!items.length) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <ul className="grid gap-1.5 text-sm">
      {items.map((u) => (
        <li key={u.key} className="flex flex-wrap items-baseline justify-between gap-x-3">
          <RecordLink to={employeeLink(u.employeeId)}>{u.name}</RecordLink>
          <span className="text-slate-600">{u.detail}</span>
        </li>
      ))}
    </ul>
  );
}

const dateLines = (items: UpcomingDate[], label: (u: UpcomingDate) => string): PersonLine[] =>
  items.map((u) => ({ key: u.employeeId, employeeId: u.employeeId, name: u.name, detail: `${dayMonth(u.date)} · ${when(u.inDays)} · ${label(u)}` }));
const leaveLines = (items: LeaveNow[]): PersonLine[] => items.map((l) => ({ key: l.leaveId, employeeId: l.employeeId, name: l.name, detail: `${LEAVE_TYPE_LABELS[l.type]} · ${day(l.startDate)} a ${day(l.endDate)}` }));

const TOOLS = [
  { to: '/rh?aba=colaboradores', title: 'Colaboradores', description: 'O cadastro das pessoas da empresa: contrato, salário, documentos, férias e afastamentos.', icon: Users },
  { to: '/rh/analise-curriculos', title: 'Análise de currículos', description: 'Vagas e currículos lidos e pontuados pela IA.', icon: FileSearch },
  { to: '/rh/analise-entrevistas', title: 'Análise de entrevistas', description: 'Gravações ou transcrições de entrevistas avaliadas pela IA.', icon: Mic },
];

/** /rh's overview: headcount charts, birthdays and work anniversaries in 30 days, leaves now and soon, and the area's tools. */
export function OverviewTab({ onNew }: { onNew: () => void }) {
  const { data, isPending, isError } = useHrOverview();
  if (isPending) return <Spinner label="Carregando visão geral…" />;
  if (isError || !data) return <p role="alert" className="text-sm text-red-700">Não foi possível carregar a visão geral do RH.</p>;

  const tools = (
    <nav aria-label="Ferramentas do RH" className="grid gap-3 sm:grid-cols-3">
      {TOOLS.map((t) => (
        <Link key={t.to} to={t.to} className="group rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-[var(--color-accent)] focus-visible:outline-2 focus-visible:outline-[var(--color-accent)]">
          <span className="flex items-center gap-2 font-medium text-slate-900 group-hover:text-[var(--color-accent)]">
            <t.icon className="size-4" aria-hidden /> {t.title}
          </span>
          <span className="mt-1 block text-sm text-slate-600">{t.description}</span>
        </Link>
      ))}
    </nav>
  );

  if (data.headcount === 0 && data.byStatus.desligado === 0)
    return (
      <div className="grid gap-4">
        <EmptyState
          icon={Users}
          title="Nenhum colaborador cadastrado"
          description="Cadastre as pessoas da empresa para ver aqui o quadro por departamento e tipo de contrato, os aniversários e tempos de casa do mês e quem está de férias ou afastado."
          action={
            <Button onClick={onNew}>
              <Plus aria-hidden /> Cadastrar o primeiro colaborador
            </Button>
          }
        />
        {tools}
      </div>
    );

  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return (
    <div className="grid min-w-0 gap-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ['Quadro atual', data.headcount],
          ['Ativos', data.byStatus.ativo],
          ['Afastados', data.byStatus.afastado],
          ['Desligados', data.byStatus.desligado],
        ].map(([label, n]) => (
          <div key={label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-2xl font-semibold tabular-nums text-slate-900">{n}</dd>
          </div>
        ))}
      </dl>
      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        <HeadcountCard
          title="Pessoas por departamento"
          description={`${plural(data.headcount, 'pessoa', 'pessoas')} no quadro (ativos e afastados), por departamento.`}
          header="Departamento"
          rows={data.byDepartment.map((d) => ({ label: d.department ?? 'Sem departamento', count: d.count }))}
        />
        <HeadcountCard
          title="Pessoas por tipo de contrato"
          description="O quadro atual por tipo de contrato: CLT, PJ, estágio, temporário, aprendiz e autônomo."
          header="Tipo de contrato"
          rows={data.byContractType.map((t) => ({ label: CONTRACT_TYPE_LABELS[t.contractType], count: t.count }))}
        />
      </div>
      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        <Section title="Aniversários nos próximos 30 dias" icon={Cake}>
          <PersonList items={dateLines(data.birthdays, (u) => `${u.years} anos`)} empty="Nenhum aniversário nos próximos 30 dias." />
        </Section>
        <Section title="Tempo de casa nos próximos 30 dias" icon={PartyPopper}>
          <PersonList items={dateLines(data.anniversaries, (u) => plural(u.years, 'ano de casa', 'anos de casa'))} empty="Nenhum aniversário de admissão nos próximos 30 dias." />
        </Section>
        <Section title="De férias ou afastados hoje" icon={Palmtree}>
          <PersonList items={leaveLines(data.onLeaveNow)} empty="Ninguém de férias ou afastado hoje." />
        </Section>
        <Section title="Férias e afastamentos nos próximos 30 dias" icon={Palmtree}>
          <PersonList items={leaveLines(data.leavesSoon)} empty="Nenhum período começa nos próximos 30 dias." />
        </Section>
      </div>
      <h3 className="text-base font-semibold text-slate-900">Ferramentas do RH</h3>
      {tools}
    </div>
  );
}
