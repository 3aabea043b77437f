import type { FormEvent } from 'react';

/** A one-field form's submit (a new column, a new task): nothing is sent while the field is blank. */
export const submitWhenFilled = (text: string, send: () => void) => (e: FormEvent) => {
  e.preventDefault();
  if (text.trim()) send();
};
