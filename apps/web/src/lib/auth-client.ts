import { createAuthClient } from 'better-auth/react';

/** better-auth's browser client: sign-in, sign-up, reset, Google, sign-out. */
export const authClient = createAuthClient({ basePath: '/api/auth' });
