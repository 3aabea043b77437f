import { useSyncExternalStore } from 'react';
import { AI_KEY_STORAGE, type StoredAiKey } from '@sede/shared/platform/ai';

/**
 * The person's own AI key, kept only in this browser (local storage `sede:ai-key`, removed on
 * sign-out) and sent with AI requests only, in the x-ai-* headers. The server never stores it.
 */
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function readAiKey(): StoredAiKey | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(AI_KEY_STORAGE);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as StoredAiKey;
    if (v && typeof v.key === 'string' && v.key) return { key: v.key, baseUrl: v.baseUrl || undefined, model: v.model || undefined };
  } catch {
    // An older plain-string key.
    return { key: raw };
  }
  return null;
}

export function saveAiKey(v: StoredAiKey) {
  localStorage.setItem(AI_KEY_STORAGE, JSON.stringify({ key: v.key, ...(v.baseUrl ? { baseUrl: v.baseUrl } : {}), ...(v.model ? { model: v.model } : {}) }));
  emit();
}

export function removeAiKey() {
  localStorage.removeItem(AI_KEY_STORAGE);
  emit();
}

/** The headers of an AI request: the own key's when one is kept, else none (the platform's AI). */
export function aiHeaders(v: StoredAiKey | null = readAiKey()): Record<string, string> {
  if (!v) return {};
  return { 'x-ai-key': v.key, ...(v.baseUrl ? { 'x-ai-base-url': v.baseUrl } : {}), ...(v.model ? { 'x-ai-model': v.model } : {}) };
}

let snapshot: { raw: string | null; value: StoredAiKey | null } = { raw: null, value: null };
function getSnapshot(): StoredAiKey | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(AI_KEY_STORAGE);
  } catch {
    raw = null;
  }
  if (raw !== snapshot.raw) snapshot = { raw, value: readAiKey() };
  return snapshot.value;
}
function subscribe(l: () => void) {
  listeners.add(l);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === AI_KEY_STORAGE) l();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(l);
    window.removeEventListener('storage', onStorage);
  };
}

/** The kept key, updated when it is saved or removed (also in other tabs). */
export const useAiKey = () => useSyncExternalStore(subscribe, getSnapshot, () => null);
