/** TanStack Query keys of Administração → Integrações. */
export const integrationsKeys = {
  apiKeys: ['api-keys'] as const,
  options: ['api-keys', 'options'] as const,
};
