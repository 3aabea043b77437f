import { writeFile } from 'node:fs/promises';
import { type Page, test } from '@playwright/test';

const TYPES = ['pointerdown', 'pointermove', 'pointerup', 'pointercancel', 'gotpointercapture', 'lostpointercapture', 'mousedown', 'mouseup', 'click', 'selectstart'] as const;

/**
 * The page's pointer and mouse events from now on (time, type, position, buttons, the element hit and
 * whether a handler cancelled it), kept in the page. `attachIfFails` runs an assertion and, when it
 * fails, attaches the log to the test's report before rethrowing: a drag that fails only now and then
 * under load (docs/flaky-tests.md) says which element the press reached, and what the page saw.
 */
export async function recordPointer(page: Page, watched: string) {
  await page.evaluate(
    ({ types, watched }) => {
      const log: string[] = [];
      (window as unknown as { __pointerLog: string[] }).__pointerLog = log;
      const name = (t: EventTarget | null) => {
        const el = t as HTMLElement | null;
        if (!el?.tagName) return String(t);
        return `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}${el.dataset.corner ? ` ${el.dataset.corner}` : ''}]` : ''}`;
      };
      for (const type of types)
        window.addEventListener(
          type,
          (e) => {
            const p = e as PointerEvent;
            const seen = `${performance.now().toFixed(1)} ${type} at ${p.clientX ?? ''},${p.clientY ?? ''} buttons=${p.buttons ?? ''} on ${name(e.target)} ${watched}=${document.querySelector(watched)?.getAttribute('data-size') ?? '-'}`;
            // Seen first (capture, on the window); whether a handler cancelled it is known once it is dispatched.
            setTimeout(() => log.push(`${seen} cancelled=${e.defaultPrevented}`), 0);
          },
          true,
        );
    },
    { types: [...TYPES], watched },
  );
  return {
    async attachIfFails(assertion: () => Promise<unknown>) {
      try {
        await assertion();
      } catch (e) {
        const log = await page.evaluate(() => (window as unknown as { __pointerLog?: string[] }).__pointerLog ?? []).catch(() => ['(the page could not be read)']);
        // A file in the test's output folder (kept with the screenshot); the report links it.
        const path = test.info().outputPath('pointer-events.txt');
        await writeFile(path, `${log.join('\n')}\n`);
        await test.info().attach('pointer-events.txt', { path, contentType: 'text/plain' });
        throw e;
      }
    },
  };
}
