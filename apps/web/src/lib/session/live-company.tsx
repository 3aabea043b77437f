import { WithQuery } from '../query-provider.tsx';
import { useLiveCompany } from './use-live-company.ts';

/** Mounted only for a signed-in person, so the live subscription (and Query) stays out of the /auth bundle. */
export default function LiveCompany() {
  return (
    <WithQuery>
      <Subscription />
    </WithQuery>
  );
}

function Subscription() {
  useLiveCompany(true);
  return null;
}
