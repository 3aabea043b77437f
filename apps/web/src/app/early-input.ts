/**
 * A prerendered page can be used before React takes it over (decision 0636): what is typed then is
 * reset by hydration, and a form sent then would be posted by the browser itself. Until React's
 * first commit, submits are held (the last one) and every value typed is noted; after it, the noted
 * fields get their values back (as input events, so the form's state has them) and the held submit
 * goes again. Held until the commit, not until hydration starts: hydration runs in a transition and
 * yields, and a field typed or a form sent in that window was lost (a browser test typing fast saw
 * the second password of the reset form vanish).
 */
type Field = HTMLInputElement | HTMLTextAreaElement;
const SKIPPED = ['checkbox', 'radio', 'file', 'hidden'];

export function keepEarlyInput(root: HTMLElement) {
  let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
  const typed = new Map<Field, string>();
  const hold = (e: SubmitEvent) => {
    e.preventDefault();
    // React listens at the root: it must not run a submit of a form it may not have hydrated yet.
    e.stopImmediatePropagation();
    held = { form: e.target as HTMLFormElement, submitter: e.submitter };
  };
  const note = (e: Event) => {
    const el = e.target;
    if ((el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && !SKIPPED.includes(el.type)) typed.set(el, el.value);
  };
  document.addEventListener('submit', hold, true);
  document.addEventListener('input', note, true);
  return {
    /** Just before hydration: what was typed before this module ran, too. */
    release: () => {
      for (const el of root.querySelectorAll<Field>('input, textarea')) {
        if (el.value !== el.defaultValue && !SKIPPED.includes(el.type) && !typed.has(el)) typed.set(el, el.value);
      }
    },
    /** After React's first commit: the typed values back, then the held submit. */
    replay: () => {
      document.removeEventListener('submit', hold, true);
      document.removeEventListener('input', note, true);
      for (const [el, value] of typed) {
        if (!el.isConnected) continue;
        // React tracks a field's last value on the node; hydration took the typed one as known, so
        // it is cleared through React's tracked setter first and written through the prototype's:
        // the input event then reads as a change and the component's state gets it.
        el.value = '';
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')?.set?.call(el, value);
        el.dispatchEvent(new Event('input', { bubbles: true }));
      }
      typed.clear();
      const last = held;
      held = null;
      if (!last?.form.isConnected) return;
      // After React has rendered the restored values (its updates of an event flush in a microtask).
      setTimeout(() => last.form.requestSubmit(last.submitter && last.form.contains(last.submitter) ? last.submitter : undefined));
    },
  };
}
