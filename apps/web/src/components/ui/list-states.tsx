import { type LucideIcon, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { EmptyState } from './empty-state.tsx';
import { ListSkeleton } from './list-skeleton.tsx';

/**
 * A list page's states (the creatives, the projects): loading (grey rows, decision 0672), failed (the API's message), empty
 * on first use (what the page is for and its first action), nothing under the filters; otherwise
 * the list itself.
 */
export function ListStates({
  query,
  count,
  filtered,
  icon,
  loading,
  failed,
  empty,
  noMatch = '',
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown };
  /** How many items the list has. */
  count: number;
  /** Whether a filter or search is on (an empty list then says so instead of the first-use state). */
  filtered: boolean;
  icon: LucideIcon;
  /** 'Carregando os criativos' */
  loading: string;
  /** 'Não foi possível carregar os criativos' */
  failed: string;
  /** The first-use state: what the list is for and its first action. */
  empty: { title: string; description: string; action?: ReactNode };
  /** 'Nenhum criativo com estes filtros.', or a title and a hint shown as an empty state (a list without filters has none). */
  noMatch?: string | { title: string; description: string };
  children: ReactNode;
}) {
  if (query.isPending) return <ListSkeleton label={loading} />;
  if (query.isError) return <EmptyState icon={icon} title={failed} description={query.error instanceof ApiError ? query.error.message : 'Tente de novo em instantes.'} />;
  if (count === 0 && filtered && noMatch !== undefined)
    return typeof noMatch === 'string' ? <p className="text-sm text-slate-700">{noMatch}</p> : <EmptyState icon={SearchX} {...noMatch} />;
  if (count === 0) return <EmptyState icon={icon} {...empty} />;
  return children;
}
