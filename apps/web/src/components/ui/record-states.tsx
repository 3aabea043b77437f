import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { Spinner } from './spinner.tsx';

type RecordQuery<T> = { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };

/**
 * A record page's states (a contract, an opening, a meeting): loading, not found (404) or failed
 * with the way back to its list; otherwise the record itself.
 */
export function RecordStates<T>({ query, loading, notFound, failed, back, children }: {
  query: RecordQuery<T>;
  /** 'Carregando o contrato…' */
  loading: string;
  /** 'Contrato não encontrado.' */
  notFound: string;
  /** 'Não foi possível carregar o contrato.' */
  failed: string;
  back: { to: string; label: string };
  children: (record: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={loading} />;
  if (query.isError || query.data === undefined)
    return (
      <div className="grid gap-3">
        <p role="alert" className="text-sm text-red-700">
          {query.error instanceof ApiError && query.error.status === 404 ? notFound : failed}
        </p>
        <Link to={back.to} className="w-fit text-sm text-[var(--color-accent)] underline">
          {back.label}
        </Link>
      </div>
    );
  return children(query.data);
}

/** A part of a page fed by one query (a dialog's data, a card's settings): the spinner while it loads, the error's message, else the data. */
export function QueryStates<T>({ query, loading, children }: { query: { isPending: boolean; isError: boolean; error: Error | null; data: T | undefined }; loading: string; children: (data: T) => ReactNode }) {
  if (query.isPending) return <Spinner label={loading} />;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {query.error?.message}
      </p>
    );
  return children(query.data as T);
}
