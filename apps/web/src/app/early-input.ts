/**
 * A prerendered page can be used before React takes it over (decision 0636): what is typed then is
 * reset by hydration, and a form sent then would be posted by the browser itself. Until React's
 * first commit, submits are held (the last one) and every value typed is noted; after it, the noted
 * fields get their values back (as input events, so the form's state has them) and the held submit
 * goes again. Held until the commit, not until hydration starts: hydration runs in a transition and
 * yields, and a field typed or a form sent in that window was lost (a browser test typing fast saw
 * the second password of the reset form vanish).
 *
 * A tab clicked then (the 'Criar conta' tab of /auth) is chosen again after the commit, by a click
 * on the same, now hydrated, button: the tabs' state is React's, and the markup must hydrate as the
 * server wrote it (decision 0742). A click before this module ran left no event, only the focus,
 * which an inactive tab (tabindex -1, out of the Tab order) gets from a pointer alone. A submit after
 * the tab's click wins over it (the person went on with the form on screen); a tab clicked after a
 * submit unmounts that form, and a form no longer on the page is not sent.
 */
type Field = HTMLInputElement | HTMLTextAreaElement;
const SKIPPED = ['checkbox', 'radio', 'file', 'hidden'];

export function keepEarlyInput(root: HTMLElement) {
  let held: { form: HTMLFormElement; submitter: HTMLElement | null; at: number } | null = null;
  let chosen: { tab: HTMLElement; at: number } | null = null;
  let events = 0;
  const typed = new Map<Field, string>();
  const hold = (e: SubmitEvent) => {
    e.preventDefault();
    // React listens at the root: it must not run a submit of a form it may not have hydrated yet.
    e.stopImmediatePropagation();
    held = { form: e.target as HTMLFormElement, submitter: e.submitter, at: ++events };
  };
  // Not stopped: once hydration has started React runs the click itself, and the replay finds the tab selected.
  const choose = (e: MouseEvent) => {
    const tab = e.target instanceof Element ? e.target.closest<HTMLElement>('[role="tab"]') : null;
    if (tab && root.contains(tab)) chosen = { tab, at: ++events };
  };
  const note = (e: Event) => {
    const el = e.target;
    if ((el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && !SKIPPED.includes(el.type)) typed.set(el, el.value);
  };
  document.addEventListener('submit', hold, true);
  document.addEventListener('input', note, true);
  document.addEventListener('click', choose, true);
  return {
    /** Just before hydration: what was typed, and the tab clicked, before this module ran, too. */
    release: () => {
      for (const el of root.querySelectorAll<Field>('input, textarea')) {
        if (el.value !== el.defaultValue && !SKIPPED.includes(el.type) && !typed.has(el)) typed.set(el, el.value);
      }
      const focused = document.activeElement;
      if (!chosen && focused instanceof HTMLElement && root.contains(focused) && isUnchosenTab(focused) && focused.tabIndex === -1) {
        chosen = { tab: focused, at: 0 };
      }
    },
    /** After React's first commit: the typed values back, the tab chosen, then the held submit. */
    replay: () => {
      document.removeEventListener('submit', hold, true);
      document.removeEventListener('input', note, true);
      document.removeEventListener('click', choose, true);
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
      const choice = chosen;
      held = chosen = null;
      if (choice && !(last && last.at > choice.at)) {
        // The node hydration kept; were it replaced (a client render after a mismatch), the one of the same id.
        const tab = choice.tab.isConnected ? choice.tab : choice.tab.id ? document.getElementById(choice.tab.id) : null;
        if (tab && root.contains(tab) && isUnchosenTab(tab)) tab.click();
      }
      if (!last) return;
      // After React has rendered the restored values and the tab (its updates of an event flush in a microtask).
      setTimeout(() => {
        if (last.form.isConnected) last.form.requestSubmit(last.submitter && last.form.contains(last.submitter) ? last.submitter : undefined);
      });
    },
  };
}

const isUnchosenTab = (el: Element) => el.getAttribute('role') === 'tab' && el.getAttribute('aria-selected') !== 'true';
