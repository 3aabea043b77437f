import { generateReceita } from './importer/generate.ts';

/** npm run receita:generate -- <folder> --establishments N [--seed S] */
const args = process.argv.slice(2);
const folder = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
const flag = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const establishments = Number(flag('establishments') ?? 1000);
if (!folder || !Number.isInteger(establishments) || establishments < 1) {
  process.stderr.write('Uso: npm run receita:generate -- <pasta> --establishments N [--seed S]\n');
  process.exit(2);
}
const started = Date.now();
const out = await generateReceita(folder, { establishments, seed: flag('seed') ? Number(flag('seed')) : undefined });
process.stderr.write(
  `[receita] ${out.establishments} estabelecimentos, ${out.companies} empresas, ${out.partners} sócios, ${out.simples} no Simples em ${folder} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
);
