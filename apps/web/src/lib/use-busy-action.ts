import { useState } from 'react';
import { toast } from './toast.ts';

/**
 * An action behind a button (create a deal, export a CSV, send a template): `busy` while it runs, and
 * a failure shown as an error toast in the words `describe` gives it.
 */
export function useBusyAction(describe: (error: unknown) => string) {
  const [busy, setBusy] = useState(false);
  async function run(work: () => Promise<unknown>) {
    setBusy(true);
    try {
      await work();
    } catch (e) {
      toast.error(describe(e));
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}
