import type { CannedReply } from '@sede/shared/inbox/schemas';

/** The canned replies a composer text that is '/' + the start of a shortcut offers (at most 6); none otherwise. */
export function cannedMatches(text: string, replies: readonly CannedReply[]): CannedReply[] {
  const slash = /^\/([\w-]*)$/.exec(text.trim());
  if (!slash) return [];
  const start = slash[1]!.toLowerCase();
  return replies.filter((r) => r.shortcut.startsWith(start)).slice(0, 6);
}
