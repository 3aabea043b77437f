import { CalendarDays, FolderOpen, Palette, Trophy } from 'lucide-react';
import { Link } from 'react-router';

const LINKS = [
  { to: '/marketing/calendario', icon: CalendarDays, title: 'Calendário', text: 'Planeje e arraste as peças por dia' },
  { to: '/marketing/criativos', icon: Palette, title: 'Criativos', text: 'Textos, versões e aprovação' },
  { to: '/marketing/materiais', icon: FolderOpen, title: 'Materiais', text: 'Logos, fotos, vídeos e PDFs' },
  { to: '/marketing/projetos-concluidos', icon: Trophy, title: 'Projetos concluídos', text: 'Campanhas encerradas e resultados' },
];

/** The area's pages, one click away. */
export function QuickLinks() {
  return (
    <nav aria-label="Páginas do marketing" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {LINKS.map(({ to, icon: Icon, title, text }) => (
        <Link key={to} to={to} className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm hover:border-[var(--color-accent)] focus-visible:outline-2 focus-visible:outline-[var(--color-accent)] sm:p-4">
          <Icon className="mt-0.5 size-5 shrink-0 text-[var(--color-accent)]" aria-hidden />
          <span className="min-w-0">
            <span className="block text-sm font-semibold text-slate-900">{title}</span>
            <span className="hidden text-xs text-slate-600 sm:block">{text}</span>
          </span>
        </Link>
      ))}
    </nav>
  );
}
