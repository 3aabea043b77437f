import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { toast } from '../../lib/toast.ts';
import { crmQuoteKeys } from './api.ts';

/**
 * A quote dialog's one action (send, send for signature, mark refused): on success `said` is
 * toasted, the quotes are refetched and the dialog closes; `submit` is the form's `onSubmit`.
 */
export function useQuoteAction<T>(run: () => Promise<T>, said: (answer: T) => string, onClose: () => void) {
  const qc = useQueryClient();
  const action = useMutation({
    mutationFn: run,
    onSuccess: (answer) => {
      toast.success(said(answer));
      void qc.invalidateQueries({ queryKey: crmQuoteKeys.all });
      onClose();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    action.mutate();
  };
  return { action, submit };
}
