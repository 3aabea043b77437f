import { toast } from './toast.ts';

/**
 * Copies `text` and says so (`done`); when the browser refuses the clipboard (no permission, an
 * insecure origin), asks the person to copy it by hand (`fallback`). Answers whether it copied.
 */
export async function copyWithToast(text: string, done: string, fallback: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
    return true;
  } catch {
    toast.info(fallback);
    return false;
  }
}
