import { expect, type Locator, type Page } from '@playwright/test';

type Box = { x: number; y: number; width: number; height: number };
const frames = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/**
 * Drags a dnd-kit card by mouse in small steps, as a person does. dnd-kit's mouse sensor starts
 * after 6 px; the card then says it is held (aria-pressed), and dnd-kit measures the drop targets
 * in the frames after the start. Dropped before those frames, on a busy machine, the card landed
 * nowhere: the pointer waits for the hold, moves, and rests two frames before it lets go. The hold
 * is checked on the card asked for: a list that reorders under the pointer picks up another card. `at` picks the point in the target (its centre by default).
 */
/** A point near the top of a column (below its header), where a card dropped joins it. */
export const nearTop = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + 80 });

export async function dragByMouse(page: Page, from: Locator, to: Locator, at: (b: Box) => { x: number; y: number } = (b) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 })) {
  // hover: in view, still, and the card itself under the pointer (not a card that moved into its place).
  await from.hover();
  const a = (await from.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
  await expect(from.first()).toHaveAttribute('aria-pressed', 'true');
  await frames(page);
  const target = at((await to.boundingBox())!);
  await page.mouse.move(target.x, target.y, { steps: 12 });
  await frames(page);
  await page.mouse.move(target.x + 1, target.y + 1);
  await frames(page);
  await page.mouse.up();
}
