import './lib/zod-jitless.ts';
import '@fontsource-variable/inter';
import './index.css';
import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { keepEarlyInput } from './app/early-input.ts';
import { takeEarlyRecord } from './app/early-input-record.ts';
import { loadRoutesOf } from './app/router.tsx';
import { disableEarly } from './lib/early-get.ts';
import type { Me } from './lib/session/get-me.ts';
import type { DehydratedState } from '@tanstack/react-query';
import { ensureMe, seedMe } from './lib/session/me-store.ts';

const root = document.getElementById('root')!;
const app = () => (
  <StrictMode>
    <App />
  </StrictMode>
);

// The server answered with the page prerendered for this address (decision 0636): its code first,
// then React takes over the markup in place, in a transition so the work yields to the browser
// every few milliseconds (no long task; a click meanwhile hydrates its part at once). Any other
// address renders from scratch; there, who is signed in is asked at once, while the router fetches
// the page's code (the signed-in pages otherwise asked only once that code had arrived, decision 0690).
// What is typed or sent on a prerendered page before React is attached is kept for it (app/early-input.ts):
// from here, or, on a page hydrated when idle (/auth, decision 0758), from the page's first script
// (hydrate-when-idle.ts), which loaded this module once the browser was idle.
// A signed-in page rendered by the server came with what it was rendered with (decision 0766): who
// is signed in and the page's queries, in the store and the cache before the hydration renders.
const rendered = document.getElementById('sede-state');
const seeded = async () => {
  if (!rendered) return;
  const state = JSON.parse(rendered.textContent ?? '{}') as { me: Me; queries: DehydratedState };
  rendered.remove();
  disableEarly();
  seedMe(state.me);
  (await import('./lib/query-provider.tsx')).seedQueries(state.queries);
};

if (root.hasChildNodes()) {
  const early = keepEarlyInput(root, takeEarlyRecord() ?? undefined);
  // Seeded first: nothing is asked early for a page that came with its data.
  const seeding = seeded();
  void Promise.all([seeding, loadRoutesOf(window.location.pathname)]).then(() => {
    early.release();
    startTransition(() => void hydrateRoot(root, <AfterFirstCommit run={early.replay}>{app()}</AfterFirstCommit>));
  });
} else {
  ensureMe();
  createRoot(root).render(app());
}

function AfterFirstCommit({ run, children }: { run: () => void; children: ReactNode }) {
  useEffect(() => run(), [run]);
  return children;
}
