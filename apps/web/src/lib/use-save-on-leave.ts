import { type RefObject, useEffect } from 'react';

/**
 * An autosaving editor's way out: the browser asks before closing a page with unsaved changes,
 * and leaving the editor (another page, another record) saves what is pending right away.
 */
export function useSaveOnLeave(dirty: RefObject<boolean>, timer: RefObject<ReturnType<typeof setTimeout> | null>, save: () => Promise<void>) {
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (dirty.current) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      if (timer.current) clearTimeout(timer.current);
      void save();
    };
  }, [dirty, timer, save]);
}
