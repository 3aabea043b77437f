/** The admin's CRM custom fields: one cache entry shared by the board's settings and the contact dialogs. */
export const customFieldKeys = {
  all: ['crm', 'custom-fields'] as const,
};
