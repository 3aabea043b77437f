import { act, type ComponentType, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthTabs, AuthTabsContent, AuthTabsList, AuthTabsTrigger } from '../features/auth/components/auth-tabs.tsx';
import { PasswordInput } from '../components/form/password-input.tsx';
import { Tabs } from '../components/ui/tabs.tsx';
import { keepEarlyInput } from './early-input.ts';
import { recordUntilHydration, takeEarlyRecord } from './early-input-record.ts';

/**
 * The page used before React takes it over (decision 0742): markup written by the server renderer,
 * clicked and sent in the DOM alone, then hydrated as main.tsx does (release, hydrate, replay after
 * the first commit), with the real tabs of /auth.
 */
let sent: string[] = [];
/** The buttons whose onFocus React ran. */
let focuses: string[] = [];
/** The names of the files the file input's onChange read. */
let chosen: string[] = [];
let root: Root | null = null;
let container: HTMLElement;

function AfterFirstCommit({ run, children }: { run: () => void; children: ReactNode }) {
  useEffect(() => run(), [run]);
  return children;
}

function Page() {
  const [tab, setTab] = useState('login');
  const [forgot, setForgot] = useState(false);
  const [settings, setSettings] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [email, setEmail] = useState('');
  if (forgot) return <p>Recuperar senha</p>;
  return (
    <>
      {/* A button without a type, outside any form: the signed-in pages' many (decision 0766). */}
      {/* biome-ignore lint/a11y/useButtonType: the markup under test is a button without a type */}
      <button onClick={() => setSettings(true)} onFocus={() => focuses.push('Configurar')}>{settings ? 'Configurações abertas' : 'Configurar'}</button>
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
            // The component's state, as /auth's forms: what React was told was typed.
            sent.push(email);
          }}
        >
          <input name="email" aria-label="E-mail" value={email} onChange={(e) => setEmail(e.target.value)} />
          <PasswordInput name="password" aria-label="Senha" />
          <button type="button" onClick={() => setForgot(true)}>
            Esqueceu a senha?
          </button>
          <button type="submit">Entrar</button>
        </form>
      </AuthTabsContent>
      <AuthTabsContent value="signup">
        <p>Formulário de cadastro</p>
      </AuthTabsContent>
      </AuthTabs>
      <input type="checkbox" aria-label="Aceito" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
      <output>{agreed ? 'Termos aceitos' : 'Termos pendentes'}</output>
      <input type="file" aria-label="Arquivo" onChange={(e) => chosen.push(...[...(e.currentTarget.files ?? [])].map((f) => f.name))} />
    </>
  );
}

const noop = () => {};
/** The server's markup on the page; `early` listens from here, as main.tsx before the page's code arrives. */
function prerendered(page: ReactNode = <Page />) {
  container = document.createElement('div');
  container.innerHTML = renderToString(<AfterFirstCommit run={noop}>{page}</AfterFirstCommit>);
  document.body.append(container);
}
/** React takes the prerendered page over, as main.tsx does: `run` after its first commit. */
async function hydrateAs(page: ReactNode, run: () => void) {
  await act(async () => {
    root = hydrateRoot(container, <AfterFirstCommit run={run}>{page}</AfterFirstCommit>);
  });
}
/** `n` timeouts go by (the replay's steps go one timeout after another). */
async function timeouts(n: number) {
  for (let i = 0; i < n; i++) await act(() => new Promise((r) => setTimeout(r, 0)));
}
async function hydrate(early: ReturnType<typeof keepEarlyInput>, page: ReactNode = <Page />) {
  early.release();
  await hydrateAs(page, early.replay);
  // The clicks and the held submit go one timeout after another.
  await timeouts(4);
}

const button = (name: string) => [...container.querySelectorAll<HTMLElement>('button')].find((b) => b.textContent === name || b.getAttribute('aria-label') === name)!;
const passwordShown = () => container.querySelector<HTMLInputElement>('input[name="password"]')!.type === 'text';
const tab = (name: string) => [...container.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.textContent === name)!;
const form = () => container.querySelector('form');
/** The e-mail typed (an input event, as a person's typing) and the form sent, before React runs. */
function typeEmailAndSend(value: string) {
  const email = container.querySelector('input')!;
  email.value = value;
  email.dispatchEvent(new Event('input', { bubbles: true }));
  form()!.requestSubmit();
}
const selected = () => tab('Criar conta').getAttribute('aria-selected') === 'true';

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  sent = [];
  focuses = [];
  chosen = [];
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

  it('an arrow key pressed then on the active tab moves to the next one once React has committed, with the focus', async () => {
    prerendered();
    const early = keepEarlyInput(container);
    tab('Entrar').focus();
    tab('Entrar').dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    expect(selected()).toBe(false);
    await hydrate(early);
    expect(selected()).toBe(true);
    expect(document.activeElement).toBe(tab('Criar conta'));
  });

  it('the keys pressed then count in their order, each from where the one before moved (ArrowRight twice: round to Entrar); other keys choose nothing', async () => {
    prerendered();
    const early = keepEarlyInput(container);
    tab('Entrar').focus();
    tab('Entrar').dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    tab('Entrar').dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    tab('Entrar').dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    await hydrate(early);
    expect(selected()).toBe(false);
    expect(document.activeElement).toBe(tab('Entrar'));
    expect(form()).not.toBeNull();
  });

  it('End pressed then chooses the last tab', async () => {
    prerendered();
    const early = keepEarlyInput(container);
    tab('Entrar').focus();
    tab('Entrar').dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
    await hydrate(early);
    expect(selected()).toBe(true);
  });

  it('a form sent after the tab was clicked wins: the tab stays, the form goes', async () => {
    prerendered();
    const early = keepEarlyInput(container);
    tab('Criar conta').click();
    typeEmailAndSend('ana@exemplo.com.br');
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

describe('other buttons clicked before React takes the page over (decision 0758)', () => {
  it('showing the password, clicked then, shows it once React has committed', async () => {
    prerendered();
    const early = keepEarlyInput(container);
    button('Mostrar senha').click();
    expect(passwordShown()).toBe(false);
    await hydrate(early);
    expect(passwordShown()).toBe(true);
    expect(button('Ocultar senha')).toBeTruthy();
  });

  it('a button without a type outside any form, clicked then, is clicked again once React has committed', async () => {
    prerendered();
    const early = keepEarlyInput(container);
    button('Configurar').click();
    await hydrate(early);
    expect(button('Configurações abertas')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('a button clicked twice then counts once: nothing showed the first click', async () => {
    prerendered();
    const early = keepEarlyInput(container);
    button('Mostrar senha').click();
    button('Mostrar senha').click();
    await hydrate(early);
    expect(passwordShown()).toBe(true);
  });

  it('clicked once React is attached (hydrating), React runs it and it is not clicked again', async () => {
    prerendered();
    const early = keepEarlyInput(container);
    early.release();
    await act(async () => {
      root = hydrateRoot(
        container,
        <AfterFirstCommit run={early.replay}>
          <Page />
        </AfterFirstCommit>,
      );
      button('Mostrar senha').click();
    });
    expect(passwordShown()).toBe(true);
  });

  it("'Esqueceu a senha?' clicked then opens its view; the form it leaves is not sent", async () => {
    prerendered();
    const early = keepEarlyInput(container);
    button('Esqueceu a senha?').click();
    await hydrate(early);
    expect(container.textContent).toContain('Recuperar senha');
    expect(sent).toEqual([]);
  });

  it('a form sent after a button was clicked wins: the form goes, the click is dropped', async () => {
    prerendered();
    const early = keepEarlyInput(container);
    button('Esqueceu a senha?').click();
    typeEmailAndSend('ana@exemplo.com.br');
    await hydrate(early);
    expect(container.textContent).not.toContain('Recuperar senha');
    expect(sent).toEqual(['ana@exemplo.com.br']);
  });

  it("recorded from the page's first script, then handed to what hydrates (hydrate-when-idle.ts, main.tsx)", async () => {
    prerendered();
    recordUntilHydration();
    button('Mostrar senha').click();
    typeEmailAndSend('ana@exemplo.com.br');
    const record = takeEarlyRecord();
    expect(record?.events.map((e) => e.type)).toEqual(['click', 'input', 'submit']);
    expect(takeEarlyRecord()).toBeNull();
    await hydrate(keepEarlyInput(container, record!));
    expect(sent).toEqual(['ana@exemplo.com.br']);
  });
});

describe('the focus given before React takes the page over (decision 0769)', () => {
  it("is announced to React once it has committed: the element's onFocus runs (a tooltip shown on focus)", async () => {
    prerendered();
    const early = keepEarlyInput(container);
    button('Configurar').focus();
    expect(focuses).toEqual([]);
    await hydrate(early);
    expect(focuses).toEqual(['Configurar']);
    expect(document.activeElement).toBe(button('Configurar'));
  });

  it('is not announced when it has moved on by then', async () => {
    prerendered();
    const early = keepEarlyInput(container);
    button('Configurar').focus();
    early.release();
    button('Configurar').blur();
    await hydrateAs(<Page />, early.replay);
    expect(focuses).toEqual([]);
  });
});

describe('the files chosen before React takes the page over (decision 0769)', () => {
  const fileInput = () => container.querySelector<HTMLInputElement>('input[type="file"]')!;
  /** What the browser's picker (or a browser test) does: the input holds the files, before any script listens. */
  function choose(names: string[]) {
    const transfer = new DataTransfer();
    for (const name of names) transfer.items.add(new File(['%PDF-1.4'], name, { type: 'application/pdf' }));
    fileInput().files = transfer.files;
  }

  it("are announced once React has committed: the input's onChange reads them (the page uploads them)", async () => {
    prerendered();
    const early = keepEarlyInput(container);
    choose(['contrato.pdf']);
    await hydrate(early);
    expect(chosen).toEqual(['contrato.pdf']);
  });

  it('no file chosen: nothing is announced', async () => {
    prerendered();
    await hydrate(keepEarlyInput(container));
    expect(chosen).toEqual([]);
  });
});

describe('a checkbox clicked before React takes the page over (decision 0769)', () => {
  const box = () => container.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
  it("is announced once React has hydrated it: the component's state has the person's choice", async () => {
    prerendered();
    const early = keepEarlyInput(container);
    box().click();
    expect(box().checked).toBe(true);
    await hydrate(early);
    expect(container.querySelector('output')!.textContent).toBe('Termos aceitos');
    expect(box().checked).toBe(true);
  });

  it('clicked twice (back as it was): nothing is announced', async () => {
    prerendered();
    const early = keepEarlyInput(container);
    box().click();
    box().click();
    await hydrate(early);
    expect(container.querySelector('output')!.textContent).toBe('Termos pendentes');
    expect(box().checked).toBe(false);
  });
});

const shellTabs = [
  { value: 'geral', label: 'Geral', content: <p>Resumo</p> },
  { value: 'convites', label: 'Convites', content: <p>Convites pendentes</p> },
];
/** A page of the shell with the app's tabs (Radix's, kept in the URL). */
function ShellPage() {
  return (
    <MemoryRouter initialEntries={['/admin']}>
      <Tabs label="Administração" tabs={shellTabs} />
    </MemoryRouter>
  );
}

describe("a tab of the shell's pages clicked before React takes the page over (decision 0769)", () => {
  it('is chosen once React has committed (Radix chooses on the mouse going down, not on the click)', async () => {
    prerendered(<ShellPage />);
    const early = keepEarlyInput(container);
    tab('Convites').click();
    await hydrate(early, <ShellPage />);
    expect(tab('Convites').getAttribute('aria-selected')).toBe('true');
    expect(container.textContent).toContain('Convites pendentes');
  });
});

/** A form whose fields share one state object, a select whose choice shows more, and a field React remounts after hydrating it. */
let saved: string[] = [];
function KeyForm() {
  const [form, setForm] = useState({ key: '', model: '' });
  const [template, setTemplate] = useState('');
  const [remounts, setRemounts] = useState(0);
  const [date, setDate] = useState('');
  // As imask's component: the node React hydrated is replaced as the page settles (a client render of a lazy part).
  useEffect(() => setRemounts(1), []);
  return (
    <form
      aria-label="Chave"
      onSubmit={(e) => {
        e.preventDefault();
        saved.push(`${form.key}|${form.model}|${date}`);
      }}
    >
      <input aria-label="Chave de IA" value={form.key} onChange={(e) => setForm({ ...form, key: e.target.value })} />
      <input aria-label="Modelo" value={form.model} onChange={(e) => setForm({ ...form, model: e.target.value })} />
      <input key={remounts} id="vencimento" aria-label="Vencimento" value={date} onChange={(e) => setDate(e.target.value)} />
      <select aria-label="Modelo aprovado" value={template} onChange={(e) => setTemplate(e.target.value)}>
        <option value="">Escolha um modelo</option>
        <option value="pedido_enviado">pedido_enviado (pt_BR)</option>
      </select>
      <output>{template ? `Variáveis de ${template}` : 'Nenhum modelo'}</output>
      <button type="submit">Salvar e testar</button>
    </form>
  );
}

describe('values typed or chosen before React takes the page over (decision 0773)', () => {
  const field = (name: string) => container.querySelector<HTMLInputElement | HTMLSelectElement>(`[aria-label="${name}"]`)!;
  const type = (name: string, value: string) => {
    field(name).value = value;
    field(name).dispatchEvent(new Event('input', { bubbles: true }));
  };
  /** `afterReplay`: what the person does as the replay has begun, before its first step (a click comes before a timer). */
  async function hydrateKeyForm(afterReplay?: () => void) {
    const early = keepEarlyInput(container);
    const run = () => {
      early.replay();
      if (afterReplay) queueMicrotask(afterReplay);
    };
    return async (before: () => void) => {
      before();
      early.release();
      await hydrateAs(<KeyForm />, run);
      await timeouts(12);
    };
  }
  const prerenderedKeyForm = () => prerendered(<KeyForm />);
  afterEach(() => {
    saved = [];
  });

  it("a select's choice is the component's once hydrated (its onChange runs)", async () => {
    prerenderedKeyForm();
    const run = await hydrateKeyForm();
    await run(() => type('Modelo aprovado', 'pedido_enviado'));
    expect(container.querySelector('output')!.textContent).toBe('Variáveis de pedido_enviado');
    expect(field('Modelo aprovado').value).toBe('pedido_enviado');
  });

  it('a choice made before any script listened (no event) is given back too', async () => {
    prerenderedKeyForm();
    const run = await hydrateKeyForm();
    await run(() => {
      field('Modelo aprovado').value = 'pedido_enviado';
    });
    expect(container.querySelector('output')!.textContent).toBe('Variáveis de pedido_enviado');
  });

  it('fields sharing one state object each keep their value, and the form sent then has them all', async () => {
    prerenderedKeyForm();
    const run = await hydrateKeyForm();
    await run(() => {
      type('Chave de IA', 'sk-chave-1234');
      type('Modelo', 'modelo-cedo');
      (container.querySelector('form') as HTMLFormElement).requestSubmit();
    });
    expect(saved).toEqual(['sk-chave-1234|modelo-cedo|']);
  });

  it('a form sent once the replay has begun but before the values are back is held, then sent with them (/perfil\'s key was saved empty)', async () => {
    prerenderedKeyForm();
    const run = await hydrateKeyForm(() => (container.querySelector('form') as HTMLFormElement).requestSubmit());
    await run(() => type('Chave de IA', 'sk-chave-1234'));
    expect(saved).toEqual(['sk-chave-1234||']);
  });

  it('a field React replaced by a new node after hydrating it gets its value on the node of the same id', async () => {
    prerenderedKeyForm();
    const before = field('Vencimento');
    const run = await hydrateKeyForm();
    await run(() => type('Vencimento', '31/02/2026'));
    expect(field('Vencimento')).not.toBe(before);
    expect(field('Vencimento').value).toBe('31/02/2026');
    (container.querySelector('form') as HTMLFormElement).requestSubmit();
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(saved).toEqual(['||31/02/2026']);
  });
});

/** A field a lazy component renders (as `LazyDateInput`): written by the server, hydrated only once its code has come. */
type DateFieldProps = { value: string; onChange: (v: string) => void };
function DateField({ value, onChange }: DateFieldProps) {
  return <input id="data" aria-label="Data" value={value} onChange={(e) => onChange(e.target.value)} />;
}
function LazyPage({ Field }: { Field: ComponentType<DateFieldProps> }) {
  const [date, setDate] = useState('');
  return (
    <>
      <Suspense fallback={<div />}>
        <Field value={date} onChange={setDate} />
      </Suspense>
      <output>{date || 'sem data'}</output>
    </>
  );
}

describe('a value typed after the commit into a field React has not hydrated yet (decision 0773)', () => {
  it('is given back once its code has come and React has hydrated it', async () => {
    prerendered(<LazyPage Field={DateField} />);
    let arrive = () => {};
    const LazyField = lazy(() => new Promise<{ default: ComponentType<DateFieldProps> }>((resolve) => (arrive = () => resolve({ default: DateField }))));
    const early = keepEarlyInput(container);
    early.release();
    await hydrateAs(<LazyPage Field={LazyField} />, early.replay);
    const input = container.querySelector<HTMLInputElement>('#data')!;
    input.value = '31/02/2026';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await act(async () => arrive());
    // The guard looks for it every 50 ms.
    for (let i = 0; i < 40 && container.querySelector('output')!.textContent !== '31/02/2026'; i++) await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(container.querySelector('output')!.textContent).toBe('31/02/2026');
  });
});

/** A field whose component writes the node's value as it mounts, as react-imask does (/perfil's CPF): what was typed before is wiped. */
function MaskedPage() {
  const [cpf, setCpf] = useState('');
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    ref.current!.value = '';
  }, []);
  return (
    <>
      <input ref={ref} aria-label="CPF" onInput={(e) => setCpf(e.currentTarget.value)} />
      <output>{cpf || 'sem CPF'}</output>
    </>
  );
}

/** Keys typed as a browser types them: the node's value changed without React's tracker on the node seeing it. */
function typeKeys(el: HTMLInputElement, keys: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, el.value + keys);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('keys typed right after the commit into a field whose component wiped what was typed before', () => {
  it('come after the early value, not instead of it (/perfil: the CPF lost its first digits)', async () => {
    prerendered(<MaskedPage />);
    const cpf = () => container.querySelector<HTMLInputElement>('[aria-label="CPF"]')!;
    const early = keepEarlyInput(container);
    typeKeys(cpf(), '111.4');
    early.release();
    // The next key comes as the replay begins, before its first step (a key comes before a timer).
    await hydrateAs(<MaskedPage />, () => {
      early.replay();
      queueMicrotask(() => typeKeys(cpf(), '4'));
    });
    await timeouts(6);
    expect(cpf().value).toBe('111.44');
    expect(container.querySelector('output')!.textContent).toBe('111.44');
  });

  it('a field that kept what was typed before is left as the keys made it', async () => {
    prerendered(<LazyPage Field={DateField} />);
    const date = () => container.querySelector<HTMLInputElement>('#data')!;
    const early = keepEarlyInput(container);
    typeKeys(date(), '31/02');
    early.release();
    await hydrateAs(<LazyPage Field={DateField} />, () => {
      early.replay();
      queueMicrotask(() => typeKeys(date(), '/2026'));
    });
    await timeouts(6);
    expect(date().value).toBe('31/02/2026');
    expect(container.querySelector('output')!.textContent).toBe('31/02/2026');
  });
});
