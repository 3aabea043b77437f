import { useLiveCompany } from './use-live-company.ts';

/** Mounted only for a signed-in person, so the live subscription stays out of the /auth bundle. */
export default function LiveCompany() {
  useLiveCompany(true);
  return null;
}
