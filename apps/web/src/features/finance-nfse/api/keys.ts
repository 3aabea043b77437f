/** TanStack Query keys of the NFS-e (settings, certificate, a receivable's note). */
export const nfseKeys = {
  all: ['finance-nfse'] as const,
  certificate: ['finance-nfse', 'certificate'] as const,
  settings: ['finance-nfse', 'settings'] as const,
  invoice: (entryId: string) => ['finance-nfse', 'invoice', entryId] as const,
  deliveries: (entryId: string) => ['finance-nfse', 'invoice', entryId, 'deliveries'] as const,
};
