/** Query keys of the deal panel's extras (quotes use the shared crmQuoteKeys). */
export const dealExtrasKeys = {
  insights: (dealId: string) => ['crm-ai', 'insights', dealId] as const,
};
