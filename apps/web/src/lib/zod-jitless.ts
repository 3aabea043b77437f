/**
 * zod compiles object parsers with `new Function` when it may; its probe for that is reported as
 * a Content-Security-Policy violation (script-src has no 'unsafe-eval', decision 0075). Jitless
 * mode skips the probe. Set on zod's global config object, so it works whether zod's chunk loads
 * before or after this module, and without pulling zod into the first download.
 */
const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(g.__zod_globalConfig ??= {}).jitless = true;
