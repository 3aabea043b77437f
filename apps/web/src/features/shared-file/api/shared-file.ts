import { useQuery } from '@tanstack/react-query';
import type { PublicFileView } from '@sede/shared/platform/files';
import { api } from '../../../lib/api-client.ts';
import { sharedFileKeys } from './keys.ts';

const base = (token: string) => `/public/files/${encodeURIComponent(token)}`;

/** The file's facts; 404 (invalid), 410 (revoked or expired) and 429 carry their Portuguese message. */
export const useSharedFile = (token: string) =>
  useQuery({ queryKey: sharedFileKeys.file(token), queryFn: () => api<PublicFileView>(`${base(token)}/info`), retry: false, refetchOnWindowFocus: false });

/** The bytes shown in the page (image, video, audio, PDF in a frame of ours). */
export const previewUrl = (token: string) => `/api${base(token)}?inline=1`;
/** 'Baixar': an attachment; a link that died meanwhile leads back to this page. */
export const downloadUrl = (token: string) => `/api${base(token)}?download=1`;
