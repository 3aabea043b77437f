import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import axe from 'axe-core';

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

/**
 * axe-core's source, evaluated only where the document has no axe yet. AxeBuilder evaluates the
 * whole 0.5 MB script again on every check, three times in its default mode (twice in the page, once
 * in a blank page it opens for `finishRun`): about five of the six seconds a check took on the CI
 * machine. A single-page app keeps its window across route changes, so one document is checked many
 * times with one copy of axe (decision 0514).
 */
const axeOnce = `if (typeof window.axe === 'undefined') {\n${axe.source}\n}`;

/**
 * axe's default rules that can report a serious or critical violation. Every rule declares its
 * impact, and axe gives each violation of a rule that impact (`_finalizeRuleResult` in axe-core):
 * a rule declared moderate or minor can never fail this check, so it is not run (about a tenth of
 * a check's time). A rule that declares none is kept.
 */
type AuditRule = { id: string; impact?: string; enabled?: boolean };
const auditRules = (axe as unknown as { _audit?: { rules?: AuditRule[] } })._audit?.rules ?? [];
// axe's default run leaves out the rules it tags experimental; naming rules would run them.
const experimental = new Set(axe.getRules(['experimental']).map((r) => r.ruleId));
export const SERIOUS_RULES = auditRules
  .filter((r) => r.enabled !== false && !experimental.has(r.id) && (!r.impact || r.impact === 'serious' || r.impact === 'critical'))
  .map((r) => r.id);

/**
 * One check of the page as it is: axe's own `axe.run` in the page, reaching same-origin frames
 * through axe (legacy mode: no blank page), reporting violations only (`resultTypes`, so the
 * passing nodes are not collected), with the default rules that can be serious or critical.
 */
const checker = (page: Page) => {
  const builder = new AxeBuilder({ page, axeSource: axeOnce }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  return SERIOUS_RULES.length ? builder.withRules(SERIOUS_RULES) : builder;
};

/**
 * axe's serious and critical violations, measured with motion reduced (decision 0315).
 *
 * sonner animates its toasts for 400 ms: a new toast fades in, the content of the toast it pushes
 * behind fades out, a toast whose time is up fades away — and one of those can happen while axe
 * runs. A colour read mid-way is the toast's colour blended with the page, and fails contrast
 * (3.1:1 and 1.6:1 were measured). Under `prefers-reduced-motion: reduce` sonner's own CSS drops
 * those transitions (and ours shortens every other one), so a toast is either fully shown or
 * hidden whenever axe looks. Transitions already running are cancelled by that change; the
 * check waits until none is left in the toaster, and fails loudly if one stays.
 */
export async function seriousViolations(page: Page, configure: (axe: AxeBuilder) => AxeBuilder = (axe) => axe): Promise<Violations> {
  const alreadyReduced = await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches);
  if (!alreadyReduced) await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    await page.waitForFunction(
      () =>
        document.getAnimations().every((a) => {
          const inToaster = a.effect instanceof KeyframeEffect && Boolean(a.effect.target?.closest('[data-sonner-toaster]'));
          return !inToaster || a.effect?.getComputedTiming().endTime === Infinity;
        }),
      null,
      { timeout: 5000 },
    );
    const { violations } = await configure(checker(page)).analyze();
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  } finally {
    if (!alreadyReduced) await page.emulateMedia({ reducedMotion: 'no-preference' });
  }
}

/** One line per violation: the rule and the elements. */
export const describeViolations = (violations: Violations) => violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
