/** TanStack Query keys of the dev mailbox. */
export const mailboxKeys = {
  list: (to: string) => ['dev-mailbox', 'list', to] as const,
  message: (id: string) => ['dev-mailbox', 'message', id] as const,
};
