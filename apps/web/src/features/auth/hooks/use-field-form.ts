import { useRef, useState } from 'react';
import { preloadAuthClient } from '../../../lib/session/auth-call.ts';

type FieldError<Name extends string> = { field: Name; message: string } | null;

/**
 * The state the auth forms share: plain controlled fields, one error at a time tied to its
 * field (focused when it appears), and a guard against double submits.
 */
export function useFieldForm<Name extends string>(initial: () => Record<Name, string>) {
  const [values, setValues] = useState<Record<Name, string>>(initial);
  const [error, setError] = useState<FieldError<Name>>(null);
  const refs = useRef<Partial<Record<Name, HTMLInputElement | null>>>({});
  const busy = useRef(false);

  const fail = (field: Name, message: string) => {
    setError({ field, message });
    refs.current[field]?.focus();
  };

  const bind = (name: Name) => ({
    name,
    ref: (el: HTMLInputElement | null) => {
      refs.current[name] = el;
    },
    value: values[name],
    onFocus: preloadAuthClient,
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setError(null);
    },
  });

  const errorOf = (name: Name) => (error?.field === name ? error.message : undefined);

  return { values, setValues, error, setError, fail, bind, errorOf, busy };
}
