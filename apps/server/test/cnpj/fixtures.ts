import { readFileSync } from 'node:fs';
import type { NormalizedCompany } from '../../src/modules/cnpj/types.ts';

const FIXTURES = new URL('../fixtures/cnpj/', import.meta.url);

export const readFixture = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');

export type ManifestEntry = {
  provider: string;
  scenario: string;
  status: number;
  content_type: string;
  body_file: string | null;
};
export const manifest = JSON.parse(readFixture('manifest.json')) as {
  cnpj_found: string;
  cnpj_not_found: string;
  cnpj_invalid: string;
  responses: ManifestEntry[];
};

export const expected = JSON.parse(readFixture('expected-normalized.json')) as {
  fields_equal_for_every_provider: (keyof NormalizedCompany)[];
  by_provider: Record<string, NormalizedCompany>;
};
