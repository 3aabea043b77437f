export const comercialKeys = {
  overview: ['comercial', 'overview'] as const,
  publicQuote: (token: string) => ['public-quote', token] as const,
};
