import { act, type ReactNode, useEffect, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthTabs, AuthTabsContent, AuthTabsList, AuthTabsTrigger } from '../features/auth/components/auth-tabs.tsx';
import { keepEarlyInput } from './early-input.ts';

/**
 * The page used before React takes it over (decision 0742): markup written by the server renderer,
 * clicked and sent in the DOM alone, then hydrated as main.tsx does (release, hydrate, replay after
 * the first commit), with the real tabs of /auth.
 */
let sent: string[] = [];
let root: Root | null = null;
let container: HTMLElement;

function AfterFirstCommit({ run, children }: { run: () => void; children: ReactNode }) {
  useEffect(() => run(), [run]);
  return children;
}

function Page() {
  const [tab, setTab] = useState('login');
  return (
    <AuthTabs value={tab} onValueChange={setTab}>
      <AuthTabsList aria-label="Entrar ou criar conta">
        <AuthTabsTrigger value="login">Entrar</AuthTabsTrigger>
        <AuthTabsTrigger value="signup">Criar conta</AuthTabsTrigger>
      </AuthTabsList>
      <AuthTabsContent value="login">
        <form
          aria-label="Entrar"
          onSubmit={(e) => {
            e.preventDefault();
            sent.push(new FormData(e.currentTarget).get('email') as string);
          }}
        >
          <input name="email" aria-label="E-mail" />
          <button type="submit">Entrar</button>
        </form>
      </AuthTabsContent>
      <AuthTabsContent value="signup">
        <p>Formulário de cadastro</p>
      </AuthTabsContent>
    </AuthTabs>
  );
}

const noop = () => {};
/** The server's markup on the page; `early` listens from here, as main.tsx before the page's code arrives. */
function prerendered() {
  container = document.createElement('div');
  container.innerHTML = renderToString(
    <AfterFirstCommit run={noop}>
      <Page />
    </AfterFirstCommit>,
  );
  document.body.append(container);
}
async function hydrate(early: ReturnType<typeof keepEarlyInput>) {
  early.release();
  await act(async () => {
    root = hydrateRoot(
      container,
      <AfterFirstCommit run={early.replay}>
        <Page />
      </AfterFirstCommit>,
    );
  });
  // The held submit goes in a timeout after the replay.
  await act(() => new Promise((r) => setTimeout(r, 0)));
}

const tab = (name: string) => [...container.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.textContent === name)!;
const form = () => container.querySelector('form');
const selected = () => tab('Criar conta').getAttribute('aria-selected') === 'true';

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  sent = [];
});

describe('a tab chosen before React takes the page over', () => {
  it('clicked then, it is chosen once React has committed: the sign-up panel shows', async () => {
    prerendered();
    const early = keepEarlyInput(container);
    tab('Criar conta').click();
    expect(selected()).toBe(false);
    await hydrate(early);
    expect(selected()).toBe(true);
    expect(tab('Entrar').getAttribute('aria-selected')).toBe('false');
    expect(container.textContent).toContain('Formulário de cadastro');
    expect(form()).toBeNull();
  });

  it('the last tab clicked is the one chosen', async () => {
    prerendered();
    const early = keepEarlyInput(container);
    tab('Criar conta').click();
    tab('Entrar').click();
    await hydrate(early);
    expect(selected()).toBe(false);
    expect(form()).not.toBeNull();
  });

  it('clicked before this code ran, the focus it left on the inactive tab chooses it', async () => {
    prerendered();
    tab('Criar conta').focus();
    const early = keepEarlyInput(container);
    await hydrate(early);
    expect(selected()).toBe(true);
  });

  it('the focus on the active tab (reached by the Tab key) chooses nothing', async () => {
    prerendered();
    tab('Entrar').focus();
    const early = keepEarlyInput(container);
    await hydrate(early);
    expect(selected()).toBe(false);
    expect(form()).not.toBeNull();
  });

  it('a form sent after the tab was clicked wins: the tab stays, the form goes', async () => {
    prerendered();
    const early = keepEarlyInput(container);
    tab('Criar conta').click();
    const email = container.querySelector('input')!;
    email.value = 'ana@exemplo.com.br';
    email.dispatchEvent(new Event('input', { bubbles: true }));
    form()!.requestSubmit();
    await hydrate(early);
    expect(selected()).toBe(false);
    expect(sent).toEqual(['ana@exemplo.com.br']);
  });

  it('a tab clicked after a form was sent wins: the form, no longer on the page, is not sent', async () => {
    prerendered();
    const early = keepEarlyInput(container);
    form()!.requestSubmit();
    tab('Criar conta').click();
    await hydrate(early);
    expect(selected()).toBe(true);
    expect(sent).toEqual([]);
  });
});
