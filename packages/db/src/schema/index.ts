export * from './auth.ts';
export * from './companies.ts';
export * from './platform.ts';
export * from './notifications.ts';
export * from './jobs.ts';
