export * from './auth.ts';
export * from './companies.ts';
export * from './platform.ts';
export * from './files.ts';
export * from './paid-actions.ts';
export * from './parties.ts';
export * from './collaboration.ts';
