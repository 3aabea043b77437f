/** What the key management (modules/api-keys) reads of the public API: the permissions its routes ask for. */
export { PUBLIC_API_PERMISSION_LABELS, PUBLIC_API_PERMISSIONS } from './permissions.ts';
