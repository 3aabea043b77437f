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
 *
 * Any other button clicked before React is attached ('Esqueceu a senha?', 'Entrar com Google',
 * showing the password) is clicked again after the commit, with the tab, in the order they were
 * made (decision 0758): /auth hydrates once the browser is idle, so that window is no longer a
 * moment. Only clicks before `release`: from `hydrateRoot` on, React runs a click itself (it
 * hydrates at once first), and a toggle clicked by both would undo itself. A button clicked twice
 * then counts once (nothing showed the first click); as for the tab, a submit after it wins.
 *
 * The tabs' keys (arrows, Home, End) pressed on a tab then are pressed again on it after the
 * commit, in their place in that order: the tabs' keyboard pattern is React's too, and a person
 * who moved to 'Criar conta' with the keyboard before the app arrived must find it chosen.
 *
 * What the pointer is over and what has the focus when React commits are announced to it once
 * (decision 0769): before `hydrateRoot` no listener saw the pointer arrive or the focus come, and
 * while it hydrates React replays a pointerover or a focusin but not a pointermove, the event
 * Radix's tooltips open on. So a tooltip shown on hover or on focus (the sidebar's locked areas) no
 * longer waits, on a page the server rendered, for the pointer's next move or a second focus: a
 * pointermove where the pointer is, and a focusin on the element focused before `release` (a later
 * focus React replays itself).
 *
 * A checkbox or radio clicked then (a row chosen on a list) is announced so too: its box shows
 * the person's choice, and the component's state must have it (decision 0769).
 *
 * A file input given its files then (the browser's picker opens without a script; a browser test
 * sets them at once) is announced after the commit too, as the browser did (input, change), so the
 * page uploads them (decision 0769): without it the contract's PDF chosen on a server-rendered
 * /juridico/contrato/:id was never sent.
 *
 * A select's choice made then is given back as a value typed is (decision 0773: a WhatsApp template
 * chosen right after a reload was lost). Each value goes back once React has hydrated its field, one
 * per task, in the order typed; a field a lazy component renders (the masked date of 'Minhas
 * tarefas', `LazyDateInput`) is hydrated only when its code has come, and its component may reset
 * the node's value as it mounts (imask does): its value goes back after that. A field replaced by
 * a new node (a client render) gets it on the node of the same id.
 *
 * After the commit, until the values are back and the held submit has gone (and for a minute, for
 * a field React has not hydrated yet), a guard keeps what React cannot (decision 0773): a value
 * typed into a field it has not hydrated (a lazy part still waiting for its code: React drops the
 * event) goes back once it has; a value typed into a hydrated field reached React, and the one noted
 * before is not given back over it; a form sent meanwhile is held and sent after (its state lacked
 * the values still to come: /perfil's key, saved as empty).
 *
 * The events themselves are recorded by app/early-input-record.ts, from the page's first script
 * on a page hydrated when idle (hydrate-when-idle.ts), which main.tsx hands over here.
 */
import { type EarlyRecord, recordEarlyInput } from './early-input-record.ts';

/** A field whose value is typed or chosen: a text-like input, a textarea, a select of one choice. */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const SKIPPED = ['checkbox', 'radio', 'file', 'hidden'];
const isField = (el: unknown): el is Field =>
  ((el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && !SKIPPED.includes(el.type)) || (el instanceof HTMLSelectElement && !el.multiple);
/** Whether `el` holds something other than what the server wrote (a select: the option shown by default). */
const changed = (el: Field) => {
  if (!(el instanceof HTMLSelectElement)) return el.value !== el.defaultValue;
  const initial = [...el.options].findIndex((o) => o.hasAttribute('selected'));
  return el.selectedIndex !== Math.max(initial, 0);
};

export function keepEarlyInput(root: HTMLElement, record: EarlyRecord = recordEarlyInput()) {
  const { events } = record;
  /** Events from this index on came after `release`: React was attached. */
  let releasedAt = Number.POSITIVE_INFINITY;
  /** Fields changed before any script listened (no input event): their values at `release`. */
  const unrecorded = new Map<Field, string>();
  let focusedTab: HTMLElement | null = null;
  /** Checkboxes and radios changed before React listened: the state the person left them in. */
  const toggled = new Map<HTMLInputElement, boolean>();
  /** File inputs given their files before React listened (a picker needs no script): their choice, announced after the commit. */
  const filesChosen = new Map<HTMLInputElement, FileList>();
  /** The fields of the server's markup (the guard keeps what is typed into them before React hydrates them). */
  const serverFields = new WeakSet<Element>();
  /** The element focused before React listened: its focus is announced after the commit. */
  let focusedEarly: HTMLElement | null = null;
  const closest = (target: EventTarget | null, selector: string) => (target instanceof Element ? target.closest<HTMLElement>(selector) : null);
  return {
    /** Just before hydration: what was typed, and the tab clicked, before any script ran, too. */
    release: () => {
      releasedAt = events.length;
      const typed = new Set(events.filter((e) => e.type === 'input').map((e) => e.target));
      for (const el of root.querySelectorAll<Field>('input, textarea, select')) {
        serverFields.add(el);
        if (isField(el) && changed(el) && !typed.has(el)) unrecorded.set(el, el.value);
      }
      for (const el of root.querySelectorAll<HTMLInputElement>('input[type="file"]')) if (el.files?.length) filesChosen.set(el, el.files);
      // A radio announces the one checked; a checkbox any change from the server's markup.
      for (const el of root.querySelectorAll<HTMLInputElement>('input[type="checkbox"], input[type="radio"]')) {
        if (el.checked !== el.defaultChecked && (el.type === 'checkbox' || el.checked)) toggled.set(el, el.checked);
      }
      const focused = document.activeElement;
      const tabClicked = events.some((e) => e.type === 'click' && closest(e.target, '[role="tab"]'));
      if (!tabClicked && focused instanceof HTMLElement && root.contains(focused) && isUnchosenTab(focused) && focused.tabIndex === -1) focusedTab = focused;
      // A tab's focus is the tab's business above; any other element focused now gets its focusin after the commit.
      if (focused instanceof HTMLElement && focused !== root && root.contains(focused) && focused.getAttribute('role') !== 'tab') focusedEarly = focused;
    },
    /** After React's first commit: the typed values back, the tab and buttons clicked, then the held submit. */
    replay: () => {
      record.stop();
      const guard = guardAfterCommit(root, serverFields);
      const typed = guard.pending;
      for (const [el, value] of unrecorded) typed.set(el, value);
      let held: { form: HTMLFormElement; submitter: HTMLElement | null; at: number } | null = null;
      let chosen: { tab: HTMLElement; at: number } | null = focusedTab ? { tab: focusedTab, at: -1 } : null;
      const clicked = new Map<HTMLElement, number>();
      const menus = new Map<HTMLElement, number>();
      const keys: Array<{ at: number; run: () => void }> = [];
      events.forEach((e, at) => {
        if (e.type === 'input' && isField(e.target)) {
          // In the order typed: the last value, placed where the field was last typed.
          typed.delete(e.target);
          typed.set(e.target, e.value ?? '');
        }
        else if (e.type === 'submit' && e.target instanceof HTMLFormElement) held = { form: e.target, submitter: e.submitter, at };
        else if (e.type === 'pointerdown') {
          // A menu's trigger (the shell's user menu, the bell) opens on the pointer going down: pressed again so.
          const trigger = closest(e.target, MENU_TRIGGER) as HTMLButtonElement | null;
          if (!trigger || at >= releasedAt || !root.contains(trigger) || trigger.disabled) return;
          menus.delete(trigger);
          menus.set(trigger, at);
        } else if (e.type === 'click') {
          const tab = closest(e.target, '[role="tab"]');
          if (tab && root.contains(tab)) chosen = { tab, at };
          else {
            // A submit button sends its form (the submit event, held); any other button is run again,
            // a button without a type outside any form too (it sends nothing: the signed-in pages' many, decision 0766).
            const button = closest(e.target, 'button') as HTMLButtonElement | null;
            if (tab || !button || at >= releasedAt || !root.contains(button) || (button.type === 'submit' && button.form) || button.disabled || button.matches(MENU_TRIGGER)) return;
            clicked.delete(button);
            clicked.set(button, at);
          }
        } else if (e.type === 'keydown' && e.key && TAB_KEYS.includes(e.key) && at < releasedAt) {
          const tab = closest(e.target, '[role="tab"]');
          if (tab && root.contains(tab)) keys.push({ at, run: () => pressOn(tab, e.key!) });
        }
      });
      events.length = 0;
      unrecorded.clear();
      focusedTab = null;
      const files = [...filesChosen];
      const toggles = [...toggled];
      const focused = focusedEarly;
      filesChosen.clear();
      toggled.clear();
      focusedEarly = null;
      const last = held as { form: HTMLFormElement; submitter: HTMLElement | null; at: number } | null;
      const choice = chosen as { tab: HTMLElement; at: number } | null;
      // A submit after a click wins over it (the person went on with the form on screen).
      const afterSubmit = (at: number) => !(last && last.at > at);
      const clicks: Array<{ at: number; run: () => void }> = [...clicked].filter(([, at]) => afterSubmit(at)).map(([button, at]) => ({ at, run: () => button.isConnected && button.click() }));
      clicks.push(...keys.filter((k) => afterSubmit(k.at)));
      clicks.push(...[...menus].filter(([, at]) => afterSubmit(at)).map(([trigger, at]) => ({ at, run: () => trigger.isConnected && pressPointer(trigger) })));
      if (choice && afterSubmit(choice.at)) {
        clicks.push({
          at: choice.at,
          run: () => {
            // The node hydration kept; were it replaced (a client render after a mismatch), the one of the same id.
            const tab = choice.tab.isConnected ? choice.tab : choice.tab.id ? document.getElementById(choice.tab.id) : null;
            if (tab && root.contains(tab) && isUnchosenTab(tab)) chooseTab(tab);
          },
        });
      }
      const steps = clicks.sort((a, b) => a.at - b.at).map((c) => c.run);
      // First, in a timeout of its own like every step: outside React's commit, so React can hydrate at
      // once a Suspense boundary the event lands in (a tab's content is hydrated after the first commit,
      // and an event there inside the commit's effects was dropped: the values typed in a /financeiro
      // tab were lost). The values typed then; the files chosen then, as the browser announced them
      // (input, then change: React's onChange of a file input listens to change), unless chosen again
      // since; then where the pointer is and what has the focus.
      // Each once React has hydrated it: a tab's content is hydrated after the first commit, and a
      // value given back to markup React had not taken over yet was taken by it as known, no change.
      const targets: Element[] = [...files.map(([el]) => el), ...toggles.map(([el]) => el)];
      steps.unshift(async () => {
        // The clicks and the submit wait for the values at most 10 s; a later one still goes back (the guard).
        await Promise.race([guard.givenBack(), sleep(10_000)]);
        await hydrated(targets, root);
        for (const [el, checked] of toggles) toggleBack(el, checked);
        for (const [el, chosen] of files) {
          if (!el.isConnected || el.files !== chosen) continue;
          el.dispatchEvent(new Event('input', { bubbles: true }));
          el.dispatchEvent(new Event('change', { bubbles: true }));
        }
        announcePointerAndFocus(root, focused);
      });
      // The form sent last goes last: one sent after the commit (held by the guard), else the one held before it.
      steps.push(() => guard.release(last));
      // In the order they were made, each once React has rendered what the one before changed (the
      // restored values first: a handler reads the state they set, and the updates of an event
      // flush in a microtask). A form no longer on the page is not sent.
      const next = () => {
        const step = steps.shift();
        if (step) setTimeout(() => void Promise.resolve(step()).then(next, next));
      };
      next();
    },
  };
}

type Held = { form: HTMLFormElement; submitter: HTMLElement | null };
const send = ({ form, submitter }: Held) => form.isConnected && form.requestSubmit(submitter && form.contains(submitter) ? submitter : undefined);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** How long after the commit a value typed into a field React has not hydrated yet is still kept. */
const GUARD_MS = 60_000;

/**
 * From React's first commit on (decision 0773): the values to give back (`pending`, filled by the
 * replay with those typed before), each once React has hydrated its field; and, meanwhile, what is
 * typed into a field React has not hydrated (a lazy part waiting for its code: React drops the
 * event, and the component may reset the node as it mounts) is added to them, while what is typed
 * into a hydrated one reached React and replaces nothing. A form sent while the replay runs, or
 * with one of its fields still to be given back, is held and sent once they are (`release`, then
 * by itself for a later one).
 */
function guardAfterCommit(root: HTMLElement, serverFields: WeakSet<Element>) {
  const pending = new Map<Field, string>();
  let replaying = true;
  let givingBack = false;
  let held: Held | null = null;
  let running: Promise<void> | null = null;
  const waits = (form: HTMLFormElement) => replaying || [...pending.keys()].some((el) => form.contains(el));
  const onInput = (e: Event) => {
    const el = e.target;
    if (givingBack || !isField(el) || !root.contains(el)) return;
    const early = pending.get(el);
    pending.delete(el);
    if (serverFields.has(el) && !isHydrated(el, root)) {
      pending.set(el, el.value);
      void givenBack();
    } else if (early !== undefined && !(el instanceof HTMLSelectElement) && !el.value.startsWith(early)) {
      // Hydrated, its early value not back yet, and no longer in it: a component that writes the node's value
      // as it mounts (a mask: /perfil's CPF) wiped it, and the keys typed since went into an empty field. The
      // early value goes first, before React and the component read this event.
      writeAsChanged(el, early + el.value);
    }
  };
  const onSubmit = (e: Event) => {
    const form = e.target;
    if (!(form instanceof HTMLFormElement) || !root.contains(form) || !waits(form)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    held = { form, submitter: (e as SubmitEvent).submitter ?? null };
  };
  const sendHeld = () => {
    const h = held;
    if (!h || waits(h.form)) return;
    held = null;
    send(h);
  };
  /** Each value given back once its field is hydrated, one per task, in the order typed; at most GUARD_MS. */
  const giveAllBack = async () => {
    const until = Date.now() + GUARD_MS;
    while (pending.size && Date.now() < until) {
      let gave = false;
      for (const [el, value] of pending) {
        // Not there yet (a lazy part shows its fallback until its code comes) or not hydrated yet: waited for.
        const field = current(el);
        if (!field || !isHydrated(field, root)) continue;
        pending.delete(el);
        givingBack = true;
        try {
          giveBack(field, value);
        } finally {
          givingBack = false;
        }
        gave = true;
        await sleep(0);
      }
      if (!gave && pending.size) await sleep(50);
    }
    pending.clear();
  };
  // Reset in a then, never inside the loop: a loop with nothing to do ends before `running` is even assigned.
  const givenBack = (): Promise<void> =>
    (running ??= giveAllBack().then(() => {
      running = null;
      if (!replaying) sendHeld();
    }));
  document.addEventListener('input', onInput, true);
  document.addEventListener('submit', onSubmit, true);
  setTimeout(() => {
    document.removeEventListener('input', onInput, true);
    document.removeEventListener('submit', onSubmit, true);
  }, GUARD_MS);
  return {
    pending,
    givenBack,
    /** The replay is done: the form held meanwhile (else `before`, held before the commit) goes now, or once its fields are back. */
    release: (before: Held | null) => {
      replaying = false;
      held ??= before;
      sendHeld();
    },
  };
}

/** The field itself, or, were it replaced (a client render, a component that renders its own), the one of the same id. */
function current(el: Field): Field | null {
  if (el.isConnected) return el;
  const same = el.id ? document.getElementById(el.id) : null;
  return same && same.tagName === el.tagName && isField(same) ? same : null;
}

/**
 * A pointermove on the deepest element under a mouse's pointer, and a focusin on `focused` if it
 * still has the focus.
 */
function announcePointerAndFocus(root: HTMLElement, focused: HTMLElement | null) {
  // A touch screen keeps `:hover` on the last element tapped: only a device whose pointer hovers.
  const hovered = window.matchMedia?.('(hover: hover)').matches ? [...root.querySelectorAll(':hover')].at(-1) : undefined;
  if (hovered) {
    const init = { bubbles: true, cancelable: true, pointerType: 'mouse' };
    hovered.dispatchEvent(typeof PointerEvent === 'function' ? new PointerEvent('pointermove', init) : new MouseEvent('pointermove', init));
  }
  if (focused && focused.isConnected && document.activeElement === focused) focused.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
}

/** React's own mark on a DOM node it has hydrated (or rendered). */
const isHydrated = (el: Element, root: HTMLElement) => {
  // By the key of the root's own mark (same suffix): a select's own keys may be its options' indexes only (happy-dom's).
  const fiberKey = Object.keys(root).find((k) => k.startsWith('__reactContainer$'))?.replace('Container', 'Fiber');
  return fiberKey ? fiberKey in el : Object.keys(el).some((k) => k.startsWith('__reactFiber$'));
};
/**
 * Until React has hydrated every one of `els` still on the page, or 10 s: a value given back before
 * is lost for sure (hydration takes it as known), and on a busy phone a boundary's code may take seconds.
 */
async function hydrated(els: Element[], root: HTMLElement) {
  for (let waited = 0; waited < 10_000 && els.some((el) => el.isConnected && !isHydrated(el, root)); waited += 20) await new Promise((r) => setTimeout(r, 20));
}

/**
 * A checkbox or radio clicked before React ran, announced as the click React listens to: the node's
 * state set through React's tracked setter to the other value (what React takes as known), then to
 * the person's through the prototype's, and a plain 'click' event (not a MouseEvent: it does not
 * toggle the box again), so the component's onChange gets the person's choice.
 */
function toggleBack(el: HTMLInputElement, checked: boolean) {
  if (!el.isConnected) return;
  el.checked = !checked;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'checked')?.set?.call(el, checked);
  el.dispatchEvent(new Event('click', { bubbles: true }));
}

/**
 * A value typed before React ran, given back through React's tracked setter: React tracks a field's
 * last value on the node; hydration took the typed one as known, so it is cleared through it first
 * and written through the prototype's: the input event then reads as a change and the component's
 * state gets it.
 */
function giveBack(el: Field, value: string) {
  if (!el.isConnected) return;
  if (el instanceof HTMLSelectElement) {
    // A select's change is announced by its change event (React listens to it, with no tracked value).
    el.value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  writeAsChanged(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

/** `value` in a text field so that React reads its next input event as a change (see `giveBack`). */
function writeAsChanged(el: HTMLInputElement | HTMLTextAreaElement, value: string) {
  el.value = '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')?.set?.call(el, value);
}

const TAB_KEYS = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];
const MENU_TRIGGER = 'button[aria-haspopup="menu"], button[aria-haspopup="listbox"]';

/**
 * A tab chosen again as a mouse does: the primary button going down (Radix's tabs, those of the
 * shell's pages, choose on it, decision 0769: a click alone left /admin's 'Convites' unchosen), then the click
 * (/auth's tabs choose on it).
 */
function chooseTab(tab: HTMLElement) {
  tab.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true, button: 0 }));
  if (isUnchosenTab(tab)) tab.click();
}

/** The primary button of a mouse going down on `el` (a menu's trigger opens on it). */
function pressPointer(el: HTMLElement) {
  const init = { bubbles: true, cancelable: true, button: 0, pointerType: 'mouse' };
  el.dispatchEvent(typeof PointerEvent === 'function' ? new PointerEvent('pointerdown', init) : new MouseEvent('pointerdown', init));
}

/**
 * A key pressed again, on the tab the keys before it moved to (before React, the focus stayed on
 * the one pressed on), focused first: the tabs' handler reads which tab has the focus.
 */
function pressOn(tab: HTMLElement, key: string) {
  if (!tab.isConnected) return;
  const focused = document.activeElement;
  const list = tab.closest('[role="tablist"]');
  const on = focused instanceof HTMLElement && focused !== tab && focused.getAttribute('role') === 'tab' && list?.contains(focused) ? focused : tab;
  on.focus();
  on.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
}

const isUnchosenTab = (el: Element) => el.getAttribute('role') === 'tab' && el.getAttribute('aria-selected') !== 'true';
