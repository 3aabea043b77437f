import fs from 'node:fs';
import path from 'node:path';
import yazl from 'yazl';

const SAMPLES = path.resolve(import.meta.dirname, '../fixtures/receita');

/** Official ZIP name → the sample file it holds (the real samples, copied from the research notes). */
export const SAMPLE_ZIPS: Record<string, string> = {
  'Empresas0.zip': 'sample.EMPRECSV',
  'Estabelecimentos0.zip': 'sample.ESTABELE',
  'Socios0.zip': 'sample.SOCIOCSV',
  'Simples.zip': 'sample.SIMPLES.CSV',
  'Cnaes.zip': 'sample.CNAECSV',
  'Motivos.zip': 'sample.MOTICSV',
  'Municipios.zip': 'sample.MUNICCSV',
  'Naturezas.zip': 'sample.NATJUCSV',
  'Paises.zip': 'sample.PAISCSV',
  'Qualificacoes.zip': 'sample.QUALSCSV',
};

/** Writes one ZIP holding `inner` with `bytes`. */
export function writeZip(file: string, inner: string, bytes: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    const out = fs.createWriteStream(file);
    out.once('error', reject);
    out.once('close', () => resolve());
    zip.outputStream.pipe(out);
    zip.addBuffer(bytes, inner);
    zip.end();
  });
}

/** The real samples as a folder of official ZIPs; `replace` swaps one ZIP's content. */
export async function sampleFolder(dir: string, replace: Record<string, Buffer> = {}): Promise<string> {
  fs.mkdirSync(dir, { recursive: true });
  for (const [zip, sample] of Object.entries(SAMPLE_ZIPS)) {
    const bytes = replace[zip] ?? fs.readFileSync(path.join(SAMPLES, sample));
    await writeZip(path.join(dir, zip), `K3241.K03200Y0.D60912.${sample.replace('sample.', '')}`, bytes);
  }
  return dir;
}

export const sampleBytes = (name: string) => fs.readFileSync(path.join(SAMPLES, name));
