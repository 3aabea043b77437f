/**
 * A prerendered page can be used before React takes it over (decision 0636): what is typed then is
 * reset by hydration, and a form sent then would be posted by the browser itself. Until React is
 * attached, submits are held (the last one); after React's first commit, the fields typed in get
 * their values back (as input events, so the form's state has them) and the held submit goes again.
 */
export function keepEarlyInput(root: HTMLElement) {
  let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
  let typed: Array<[HTMLInputElement | HTMLTextAreaElement, string]> = [];
  const hold = (e: SubmitEvent) => {
    e.preventDefault();
    held = { form: e.target as HTMLFormElement, submitter: e.submitter };
  };
  document.addEventListener('submit', hold, true);
  return {
    /** React is attached: from now on it answers submits itself (a part not hydrated yet is hydrated at once). */
    release: () => {
      document.removeEventListener('submit', hold, true);
      typed = [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')]
        .filter((el) => el.value !== el.defaultValue && !['checkbox', 'radio', 'file', 'hidden'].includes(el.type))
        .map((el) => [el, el.value]);
    },
    /** After React's first commit: the typed values back, then the held submit. */
    replay: () => {
      for (const [el, value] of typed) {
        if (!el.isConnected) continue;
        // React tracks a field's last value on the node; hydration took the typed one as known, so
        // it is cleared through React's tracked setter first and written through the prototype's:
        // the input event then reads as a change and the component's state gets it.
        el.value = '';
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')?.set?.call(el, value);
        el.dispatchEvent(new Event('input', { bubbles: true }));
      }
      typed = [];
      const last = held;
      held = null;
      if (!last?.form.isConnected) return;
      // After React has rendered the restored values (its updates of an event flush in a microtask).
      setTimeout(() => last.form.requestSubmit(last.submitter && last.form.contains(last.submitter) ? last.submitter : undefined));
    },
  };
}
