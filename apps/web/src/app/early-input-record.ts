/**
 * What is done on a prerendered page before React runs it, recorded as it happens (decision 0758):
 * the one part of app/early-input.ts a page hydrated when idle needs before its app arrives, so
 * kept to the recording; what it means (the values typed, the tab, the buttons, the form sent) is
 * worked out by early-input.ts, which comes with the app. A submit is held here at once: sent now,
 * the browser would post the form itself, and React, once attached, must not run a submit of a
 * form it may not have hydrated yet.
 */
export type EarlyEvent = { type: string; target: EventTarget | null; submitter: HTMLElement | null; value: string | undefined; key?: string };
export type EarlyRecord = { events: EarlyEvent[]; stop: () => void };

// pointerdown: a menu's trigger opens on it, not on the click (Radix's dropdown menus of the signed-in shell, decision 0766).
const TYPES = ['submit', 'input', 'click', 'keydown', 'pointerdown'];
let kept: EarlyRecord | null = null;

export function recordEarlyInput(): EarlyRecord {
  const events: EarlyEvent[] = [];
  const keep = (e: Event) => {
    if (e.type === 'submit') {
      e.preventDefault();
      e.stopImmediatePropagation();
    }
    events.push({ type: e.type, target: e.target, submitter: (e as SubmitEvent).submitter ?? null, value: (e.target as HTMLInputElement | null)?.value, key: (e as KeyboardEvent).key });
  };
  for (const type of TYPES) document.addEventListener(type, keep, true);
  return { events, stop: () => TYPES.forEach((type) => document.removeEventListener(type, keep, true)) };
}

/** The page's first script (hydrate-when-idle.ts) records until main.tsx takes the record over. */
export function recordUntilHydration(): void {
  kept = recordEarlyInput();
}
export function takeEarlyRecord(): EarlyRecord | null {
  const record = kept;
  kept = null;
  return record;
}
