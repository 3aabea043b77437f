import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE } from '@sede/shared/constants';
import { getConfig } from './app-config.ts';
// Through get-me.ts (in the entry chunk): importing keys.ts here made the bundler split it into a chunk of its own on /auth.
import { authKeys } from './get-me.ts';

export { type AppConfig, getConfig } from './app-config.ts';

export const configQueryOptions = () => queryOptions({ queryKey: authKeys.config, queryFn: getConfig, ...CACHE.static });

export const useAppConfig = () => useQuery(configQueryOptions());
