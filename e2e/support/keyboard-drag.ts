import { expect, type Page } from '@playwright/test';

/**
 * Picks the focused card up with Space, as a keyboard user does: waits until the card is held
 * (dnd-kit sets aria-pressed), then until dnd-kit listens for the arrows. dnd-kit attaches its
 * arrow-key listener in a `setTimeout` after the pick-up, and Chromium may run an input event
 * before that timer: an arrow sent at once was lost (a flaky board test under load). A timer
 * scheduled now runs after dnd-kit's (timers of equal delay run in order).
 */
export async function pickUpWithKeyboard(page: Page) {
  const card = page.locator(':focus');
  await page.keyboard.press('Space');
  await expect(card).toHaveAttribute('aria-pressed', 'true');
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
