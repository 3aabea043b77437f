/**
 * The public API's OpenAPI document (decision 0643), generated from the route contracts:
 *   node --import tsx scripts/openapi-v1.mjs          lint it and compare it with docs/api/openapi.v1.json
 *   node --import tsx scripts/openapi-v1.mjs --write  record it there (npm run openapi:update)
 * The check (run by `npm run lint`) fails on a lint error, on a change that breaks integrations
 * (a v1 route must not break: add, or make /api/v2), and on any other difference not yet recorded.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { offlinePublicApiDocument } from '../apps/server/src/modules/api-v1/offline.ts';
import { breakingChanges } from './lib/openapi-diff.mjs';

const FILE = path.resolve(import.meta.dirname, '../docs/api/openapi.v1.json');
const text = `${JSON.stringify(await offlinePublicApiDocument(), null, 2)}\n`;

// Redocly's recommended rules; the API's terms are the product's, not an open licence.
const config = await createConfig({ extends: ['recommended'], rules: { 'info-license': 'off' } });
const problems = await lintFromString({ source: text, absoluteRef: FILE, config });
for (const p of problems) console.error(`openapi: ${p.severity} ${p.ruleId}: ${p.message} (${p.location?.[0]?.pointer ?? ''})`);
if (problems.some((p) => p.severity === 'error')) process.exit(1);

if (process.argv.includes('--write')) {
  writeFileSync(FILE, text);
  console.log(`openapi: ${path.relative(process.cwd(), FILE)} written`);
  process.exit(0);
}

let committed;
try {
  committed = readFileSync(FILE, 'utf8');
} catch {
  console.error('openapi: docs/api/openapi.v1.json is missing: run npm run openapi:update');
  process.exit(1);
}
const breaking = breakingChanges(JSON.parse(committed), JSON.parse(text));
if (breaking.length) {
  console.error('openapi: mudanças que quebram integrações da API v1 (mantenha a v1 compatível, ou crie a v2):');
  for (const b of breaking) console.error(`  - ${b}`);
  process.exit(1);
}
if (committed !== text) {
  console.error('openapi: o documento da API v1 mudou (sem quebrar nada): rode npm run openapi:update e faça o commit de docs/api/openapi.v1.json');
  process.exit(1);
}
