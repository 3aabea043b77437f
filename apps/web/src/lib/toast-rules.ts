import { toast } from 'sonner';

let installed = false;

/**
 * One rule for every toast of the app (decision 0087): a success dismisses the error toasts still on
 * screen, so an earlier failure never stays beside the later success that made it moot.
 * Installed once at start; every `toast.success(...)` in the code follows it.
 */
export function installToastRules() {
  if (installed) return;
  installed = true;
  const success = toast.success;
  toast.success = (message, data) => {
    for (const t of toast.getToasts()) {
      if ('type' in t && t.type === 'error') toast.dismiss(t.id);
    }
    return success(message, data);
  };
}
