import './lib/zod-jitless.ts';
import '@fontsource-variable/inter';
import './index.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SigningScreen } from './features/esign/components/signing-screen.tsx';
import { createQueryClient } from './lib/query-client.ts';

/**
 * /assinar/:token as a page of its own (assinar.html, decision 0630): a person who only signs
 * downloads React and the signing screen, not the router, the session and the app's shell.
 */
const token = decodeURIComponent(window.location.pathname.split('/')[2] ?? '');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <SigningScreen token={token} />
    </QueryClientProvider>
  </StrictMode>,
);
