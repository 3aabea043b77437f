import { type FormEvent, useState } from 'react';
import { ApiError } from './api-client.ts';

/**
 * A form's sending: `pending` while `work` runs, and on failure the API's message (or `fallback`)
 * in `error`; `submit` answers whether the work succeeded. `setError` shows a problem found before
 * sending (a field the browser cannot check).
 */
export function useSubmit<A extends unknown[]>(work: (...args: A) => Promise<unknown>, fallback: string) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function submit(...args: A): Promise<boolean> {
    setPending(true);
    setError(null);
    try {
      await work(...args);
      return true;
    } catch (err) {
      setError(err instanceof ApiError ? err.message : fallback);
      return false;
    } finally {
      setPending(false);
    }
  }
  return { submit, pending, error, setError };
}

/** `useSubmit` for a form whose work takes no arguments, with the form's `onSubmit` (the page stays where it is). */
export function useFormSubmit(work: () => Promise<unknown>, fallback: string) {
  const sending = useSubmit(work, fallback);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void sending.submit();
  };
  return { ...sending, onSubmit };
}
