// Refreshes the vendored Scalar reference bundle that /api/docs serves from our own origin
// (decision 0654): `node scripts/scalar-bundle.mjs 1.76.4`. It takes the registry's package by
// its exact version (`npm pack`, checked by npm against the registry's integrity), keeps only the
// single-file browser build, gzipped without a timestamp, and prints the SHA-384 to pin in
// apps/server/src/modules/api-docs/bundle.ts.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const version = process.argv[2];
if (!/^\d+\.\d+\.\d+$/.test(version ?? '')) {
  console.error('usage: node scripts/scalar-bundle.mjs <exact version of @scalar/api-reference>');
  process.exit(1);
}
const work = mkdtempSync(path.join(tmpdir(), 'scalar-'));
try {
  execFileSync('npm', ['pack', `@scalar/api-reference@${version}`, '--silent'], { cwd: work, stdio: ['ignore', 'ignore', 'inherit'] });
  const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
  execFileSync('tar', ['xzf', tarball, 'package/dist/browser/standalone.js', 'package/package.json'], { cwd: work });
  const js = readFileSync(path.join(work, 'package/dist/browser/standalone.js'));
  const assets = path.resolve(import.meta.dirname, '../apps/server/assets');
  writeFileSync(path.join(assets, 'scalar-api-reference.js.gz'), gzipSync(js, { level: 9 }));
  const { license, author, repository } = JSON.parse(readFileSync(path.join(work, 'package/package.json'), 'utf8'));
  writeFileSync(path.join(assets, 'scalar-api-reference.NOTICE'), `@scalar/api-reference ${version}, dist/browser/standalone.js\nLicence: ${license}\nAuthor: ${author}\nSource: ${repository?.url ?? repository}\n`);
  console.log(`version: '${version}',\nintegrity: 'sha384-${createHash('sha384').update(js).digest('base64')}',`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
