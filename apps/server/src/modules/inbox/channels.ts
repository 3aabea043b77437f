import type { schema } from '@sede/db/client';
import type { Channel } from '@sede/shared/inbox/schemas';
import type { Services } from '../../services.ts';

type ConversationRow = typeof schema.inboxConversations.$inferSelect;

/**
 * A conversation's channel (decision 0263): how an agent's reply leaves. Inbound messages of
 * every channel go through `receiveInbound` (service.ts). The website chat needs nothing here:
 * the visitor's widget reads its conversation over its own public stream, told by `announce`.
 * WhatsApp (next) sends through the Cloud API here, and its webhook calls `receiveInbound`.
 */
export type InboxChannel = {
  key: Channel;
  deliver: (s: Services, conversation: ConversationRow, message: { id: string; body: string; fileId: string | null }) => Promise<void>;
  /** Refuses a reply the channel cannot send now (WhatsApp's 24-hour window) before anything is stored. */
  canReply?: (s: Services, conversation: ConversationRow) => Promise<void>;
};

const chat: InboxChannel = { key: 'chat', deliver: async () => {} };

const CHANNELS: Partial<Record<Channel, InboxChannel>> = { chat };

/** Another module's channel (WhatsApp registers itself when it starts). */
export function registerInboxChannel(channel: InboxChannel) {
  CHANNELS[channel.key] = channel;
}

export function channelOf(key: Channel): InboxChannel {
  const channel = CHANNELS[key];
  if (!channel) throw new Error(`inbox: channel ${key} is not available`);
  return channel;
}
