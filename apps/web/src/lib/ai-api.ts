import { useQuery } from '@tanstack/react-query';
import type { AiStatus } from '@sede/shared/platform/ai';
import { api } from './api-client.ts';
import { aiHeaders } from './ai-key.ts';

/** An AI request: the API client plus the person's own key headers (only AI requests carry them). */
export function aiApi<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  return api<T>(path, { ...init, headers: { ...aiHeaders(), ...(init.headers as Record<string, string> | undefined) } });
}

export const aiStatusKey = ['ai', 'status'] as const;

/** GET /api/ai/status: whether the platform's AI is configured on this server. */
export const useAiStatus = () => useQuery({ queryKey: aiStatusKey, queryFn: () => api<AiStatus>('/ai/status'), staleTime: 5 * 60_000 });
