/** What other modules may use of the inbox: a channel's registration, its inbound messages and conversations (decision 0263). */
export { registerInboxChannel, type InboxChannel } from './channels.ts';
export { addAgentMessage, channelConversation, conversationRow, CONVERSATION_ENTITY, lastCustomerMessageAt, receiveInbound, sendAutoReply, settingsOf } from './service.ts';
