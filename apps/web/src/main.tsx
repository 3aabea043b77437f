import './lib/zod-jitless.ts';
import '@fontsource-variable/inter';
import './index.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { loadRoutesOf } from './app/router.tsx';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The server answered with the page prerendered for this address (decision 0636): its code first,
// then React takes over the markup in place, in a transition so the work yields to the browser
// every few milliseconds (no long task; a click meanwhile hydrates its part at once). Any other
// address renders from scratch.
if (root.hasChildNodes()) void loadRoutesOf(window.location.pathname).then(() => startTransition(() => void hydrateRoot(root, app)));
else createRoot(root).render(app);
