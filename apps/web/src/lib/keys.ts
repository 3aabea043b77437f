/** TanStack Query keys of what the shell's shared pieces read (not one feature's). */
export const sharedKeys = {
  /** A CNPJ's public record, as company setup and the CNPJ field look it up. */
  cnpj: (cnpj: string) => ['cnpj', cnpj] as const,
};
