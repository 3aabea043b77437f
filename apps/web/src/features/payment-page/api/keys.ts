/** TanStack Query keys of the payment page. */
export const paymentPageKeys = {
  payment: (token: string) => ['payment-page', token] as const,
};
