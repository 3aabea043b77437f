import { ENTRY_MESSAGES, generatedDatesProblem, type FinEntryDetail, type Recurrence } from '@sede/shared/finance/entries';
import { MAX_AMOUNT_CENTS, isSaneDate, splitInstallments } from '@sede/shared/finance/money';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import type { PartyOption } from '../../../../components/parties/search-parties.ts';

export type Plan = 'single' | 'installments' | Exclude<Recurrence, 'none'>;
export type PartyKind = 'organizations' | 'people';

/** What the entry form holds while it is typed. */
export type EntryDraft = {
  description: string;
  amount: number | null;
  dueDate: string;
  competenceDate: string;
  categoryId: string;
  accountId: string;
  costCenterId: string;
  partyKind: PartyKind;
  party: PartyOption | null;
  documentNumber: string;
  barcode: string;
  notes: string;
  plan: Plan;
  count: number;
};
export type SetDraft = <K extends keyof EntryDraft>(key: K, value: EntryDraft[K]) => void;

/** A blank draft, or the entry being edited. */
export const draftOf = (entry?: FinEntryDetail | null): EntryDraft => ({
  description: entry?.description ?? '',
  amount: entry?.amountCents ?? null,
  dueDate: entry?.dueDate ?? todayInBrazil(),
  competenceDate: entry?.competenceDate ?? '',
  categoryId: entry?.categoryId ?? '',
  accountId: entry?.accountId ?? '',
  costCenterId: entry?.costCenterId ?? '',
  partyKind: entry?.personId ? 'people' : 'organizations',
  party: entry && (entry.organizationId || entry.personId) ? { id: (entry.organizationId ?? entry.personId)!, label: entry.partyName ?? '', detail: null } : null,
  documentNumber: entry?.documentNumber ?? '',
  barcode: entry?.barcode ?? '',
  notes: entry?.notes ?? '',
  plan: 'single',
  count: 2,
});

/** The installments' split, the recurrence, and whether the generated dates pass 2099 (said while typed, decision 0365). */
export function planPreview(d: EntryDraft, editing: boolean) {
  const split = d.plan === 'installments' && d.amount && d.amount > 0 && d.count >= 2 ? splitInstallments(d.amount, Math.min(d.count, 120)) : null;
  const recurrence = d.plan === 'monthly' || d.plan === 'yearly' ? d.plan : 'none';
  const pastMax =
    editing || d.plan === 'single' || d.count < 2 || !isSaneDate(d.dueDate) || (d.competenceDate && !isSaneDate(d.competenceDate))
      ? null
      : generatedDatesProblem({ dueDate: d.dueDate, competenceDate: d.competenceDate || d.dueDate, installments: d.plan === 'installments' ? d.count : 1, recurrence, occurrences: d.count });
  return { split, recurrence, pastMax } as const;
}

/** Why the draft can't be saved yet, or null. */
export function draftProblem(d: EntryDraft, preview: ReturnType<typeof planPreview>): string | null {
  if (!d.description.trim()) return ENTRY_MESSAGES.description;
  if (!d.amount || d.amount <= 0) return ENTRY_MESSAGES.amount;
  if (d.amount > MAX_AMOUNT_CENTS) return ENTRY_MESSAGES.amountTooLarge;
  if (!isSaneDate(d.dueDate)) return ENTRY_MESSAGES.dueDate;
  if (d.competenceDate && !isSaneDate(d.competenceDate)) return ENTRY_MESSAGES.competenceDate;
  return preview.pastMax?.message ?? null;
}

/** The fields a new and an edited entry send alike. */
export const entryFields = (d: EntryDraft) => ({
  description: d.description,
  amountCents: d.amount ?? 0,
  dueDate: d.dueDate,
  competenceDate: d.competenceDate || d.dueDate,
  categoryId: d.categoryId || null,
  accountId: d.accountId || null,
  costCenterId: d.costCenterId || null,
  organizationId: d.party && d.partyKind === 'organizations' ? d.party.id : null,
  personId: d.party && d.partyKind === 'people' ? d.party.id : null,
  documentNumber: d.documentNumber || null,
  barcode: d.barcode || null,
  notes: d.notes || null,
});
