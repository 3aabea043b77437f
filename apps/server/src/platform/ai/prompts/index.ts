import { companySummaryV1 } from './company-summary.v1.ts';
import { connectionTestV1 } from './connection-test.v1.ts';
import { financeCategorySuggestionV1 } from './finance-category-suggestion.v1.ts';
import { financeDocumentReadingV1 } from './finance-document-reading.v1.ts';
import type { Prompt } from './types.ts';

export type { Prompt };

/** Every prompt of the product, by versioned id; they live in this folder only. */
export const PROMPTS = {
  [connectionTestV1.id]: connectionTestV1,
  [companySummaryV1.id]: companySummaryV1,
  [financeDocumentReadingV1.id]: financeDocumentReadingV1,
  [financeCategorySuggestionV1.id]: financeCategorySuggestionV1,
} as const satisfies Record<string, Prompt<never>>;

export { companySummaryV1, connectionTestV1, financeCategorySuggestionV1, financeDocumentReadingV1 };
