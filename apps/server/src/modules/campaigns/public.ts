/** What other modules may use of the campaigns: the secret encryption of decision 0251 (the WhatsApp token and app secret use it too). */
export { decryptSecret, encryptSecret } from './crypto.ts';
