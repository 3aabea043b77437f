/** Engineer C's slot in the deal panel (quotes, AI actions); replaced by their feature. */
export function DealExtraSections(_: { dealId: string }) {
  return null;
}
