import type { Locator, Page } from '@playwright/test';

/**
 * What a person does on each big screen, scripted: a scenario loads a good part of the list first
 * (as scrolling through it would), then performs interactions and says how many it performed.
 */

const settle = (page: Page, ms = 250) => page.waitForTimeout(ms);

/** Counts the items the API sent for `urlPart` (pages of a list), read from each response's `key`. */
function countLoaded(page: Page, urlPart: string, key: string) {
  const state = { items: 0 };
  page.on('response', async (res) => {
    if (!res.url().includes(urlPart) || res.request().method() !== 'GET' || !res.ok()) return;
    const body = (await res.json().catch(() => null)) as Record<string, unknown[]> | null;
    state.items += body?.[key]?.length ?? 0;
  });
  return state;
}

/** Pages in until `target` items came: 'Carregar mais' when the list has one, else scrolling `scroller` (or the window) to its end. */
async function loadUntil(page: Page, state: { items: number }, target: number, scroller?: Locator) {
  let idle = 0;
  while (state.items < target && idle < 20) {
    const before = state.items;
    const more = page.getByRole('button', { name: 'Carregar mais' });
    if (await more.isVisible().catch(() => false)) await more.click();
    else if (scroller) await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    else await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await settle(page, 300);
    idle = state.items === before ? idle + 1 : 0;
  }
  return state.items;
}

/** Marks the first element matching `selector` inside the viewport's middle band after scrolling to `fraction` of the page. */
async function pickInView(page: Page, selector: string, fraction: number): Promise<Locator> {
  await page.evaluate((f) => window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) * f), fraction);
  await settle(page, 300);
  const found = await page.evaluate((sel) => {
    document.querySelector('[data-bench-pick]')?.removeAttribute('data-bench-pick');
    const el = [...document.querySelectorAll(sel)].find((e) => {
      const r = e.getBoundingClientRect();
      return r.height > 0 && r.top > 80 && r.bottom < innerHeight - 40;
    });
    el?.setAttribute('data-bench-pick', '');
    return Boolean(el);
  }, selector);
  if (!found) throw new Error(`nothing matching ${selector} in view at ${Math.round(fraction * 100)} %`);
  return page.locator('[data-bench-pick]');
}

/** Opens a dialog with `opener`, waits for it, closes it with Escape: two interactions. */
async function openAndClose(page: Page, opener: Locator) {
  await opener.click();
  await page.getByRole('dialog').last().waitFor({ timeout: 15_000 });
  await settle(page);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 15_000 });
  await settle(page);
  return 2;
}

/** Scrolls the window (or `scroller`) down by wheel steps: how far it went. */
export async function wheelScroll(page: Page, steps = 30, at = { x: 800, y: 500 }) {
  await page.mouse.move(at.x, at.y);
  for (let i = 0; i < steps; i++) {
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(50);
  }
}

/** Each screen opened, its first items shown. */
export const ready = {
  board: async (page: Page, baseUrl: string) => {
    await page.goto(`${baseUrl}/kanban-leads`);
    await page.getByTestId('crm-card').first().waitFor({ timeout: 30_000 });
  },
  contacts: async (page: Page, baseUrl: string) => {
    await page.goto(`${baseUrl}/lista-contatos`);
    await page.getByTestId('contact-row').first().waitFor({ timeout: 30_000 });
  },
  payables: async (page: Page, baseUrl: string) => {
    await page.goto(`${baseUrl}/financeiro?aba=contas-a-pagar`);
    await page.getByRole('button', { name: /^Editar / }).first().waitFor({ timeout: 30_000 });
  },
  materials: async (page: Page, baseUrl: string) => {
    await page.goto(`${baseUrl}/marketing/materiais`);
    await page.getByTestId('material-card').first().waitFor({ timeout: 30_000 });
  },
};

export async function openBoard(page: Page, baseUrl: string) {
  await ready.board(page, baseUrl);
  // Every card of every column in memory: each column pages in as it scrolls.
  const columns = page.getByTestId('crm-column');
  for (let i = 0; i < (await columns.count()); i++) {
    const scroller = columns.nth(i).locator('.overflow-y-auto');
    let last = -1;
    for (let k = 0; k < 60; k++) {
      const height = await scroller.evaluate((el) => {
        el.scrollTo(0, el.scrollHeight);
        return el.scrollHeight;
      });
      await settle(page, 350);
      const loading = await columns.nth(i).getByText('Carregando mais…').isVisible().catch(() => false);
      if (height === last && !loading) break;
      last = height;
    }
    await scroller.evaluate((el) => el.scrollTo(0, 0));
  }
  await settle(page, 500);
}

/** Drags a card to the next column with the mouse, `drags` times (each a pointerdown and a pointerup), among the columns in view at 1280 px. */
export async function boardDrags(page: Page, drags: number) {
  const columns = page.getByTestId('crm-column');
  const n = Math.min(3, await columns.count());
  let performed = 0;
  for (let i = 0; i < drags; i++) {
    const from = columns.nth(i % n);
    const to = columns.nth((i + 1) % n);
    const card = (await from.getByTestId('crm-card').nth(1).boundingBox())!;
    const target = (await to.locator('.overflow-y-auto').boundingBox())!;
    const moved = page.waitForResponse((r) => r.url().includes('/move') && r.request().method() === 'POST', { timeout: 15_000 });
    await page.mouse.move(card.x + card.width / 2, card.y + card.height / 2);
    await page.mouse.down();
    await page.mouse.move(card.x + card.width / 2 + 12, card.y + card.height / 2, { steps: 2 });
    await page.mouse.move(target.x + target.width / 2, target.y + 60, { steps: 8 });
    await settle(page, 100);
    await page.mouse.up();
    await moved;
    await settle(page, 300);
    performed++;
  }
  return performed;
}

export async function openContacts(page: Page, baseUrl: string, load: number) {
  const state = countLoaded(page, '/api/parties/people', 'items');
  await ready.contacts(page, baseUrl);
  const loaded = await loadUntil(page, state, load, page.getByTestId('contacts-scroll'));
  await page.getByTestId('contacts-scroll').evaluate((el) => el.scrollTo(0, 0));
  await settle(page, 500);
  return loaded;
}

/** Types searches as a person does (a key every 90 ms), waits for the answer, clears the box. */
export async function contactsSearch(page: Page, terms: string[]) {
  const box = page.getByLabel('Buscar pessoas');
  let performed = 0;
  for (const term of terms) {
    await box.click();
    performed++;
    const answered = page.waitForResponse((r) => r.url().includes('/api/parties/people') && r.url().includes('q='), { timeout: 15_000 });
    await box.pressSequentially(term, { delay: 90 });
    performed += term.length;
    await answered;
    await settle(page, 600);
    await box.press('Control+A');
    await box.press('Backspace');
    performed += 2;
    await settle(page, 600);
  }
  return performed;
}

export async function openPayables(page: Page, baseUrl: string, load: number) {
  const state = countLoaded(page, '/api/finance/entries', 'entries');
  await ready.payables(page, baseUrl);
  const loaded = await loadUntil(page, state, load);
  await settle(page, 500);
  return loaded;
}

/** Opens entries spread over the loaded list (edit, then pay), closing each dialog with Escape. */
export async function payablesOpen(page: Page, opens: number) {
  let performed = 0;
  for (let i = 0; i < opens; i++) {
    const fraction = (i + 0.5) / opens;
    performed += await openAndClose(page, await pickInView(page, i % 2 ? 'button[aria-label^="Pagar: "]' : 'button[aria-label^="Editar "]', fraction));
  }
  return performed;
}

export async function openMaterials(page: Page, baseUrl: string, load: number) {
  const state = countLoaded(page, '/api/marketing/materials?', 'materials');
  await ready.materials(page, baseUrl);
  const loaded = await loadUntil(page, state, load);
  await page.evaluate(() => window.scrollTo(0, 0));
  await settle(page, 500);
  return loaded;
}

/** Opens materials' previews spread over the loaded library, closing each with Escape. */
export async function materialsOpen(page: Page, opens: number) {
  let performed = 0;
  for (let i = 0; i < opens; i++) performed += await openAndClose(page, await pickInView(page, 'button[aria-label^="Ver "]', (i + 0.5) / opens));
  return performed;
}
