export const salesKeys = {
  overview: ['comercial', 'overview'] as const,
  publicQuote: (token: string) => ['public-quote', token] as const,
};
