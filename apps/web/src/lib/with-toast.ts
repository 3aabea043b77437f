import { toast } from './toast.ts';
import { ApiError } from './api-client.ts';

/**
 * A change made from a button (a message sent, a record deleted): `done` as a toast when it worked,
 * the API's message (or `failed`) when not; answers whether it worked.
 */
export async function withToast(work: () => Promise<unknown>, done: string, failed: string): Promise<boolean> {
  try {
    await work();
    toast.success(done);
    return true;
  } catch (e) {
    toast.error(e instanceof ApiError ? e.message : failed);
    return false;
  }
}
