/**
 * WhatsApp opt-out by keyword (decision 0301): a customer's message that is, as a whole, one of
 * these words (case, accents, surrounding spaces and final punctuation ignored) stops the
 * company's WhatsApp campaigns to that number.
 */
export const OPT_OUT_KEYWORDS = ['SAIR', 'PARAR', 'STOP', 'CANCELAR', 'DESCADASTRAR'] as const;

/** The confirmation sent back (inside the 24-hour window the customer's message just opened). */
export const OPT_OUT_CONFIRMATION = 'Pronto! Você não vai mais receber nossas campanhas pelo WhatsApp. Se mudar de ideia, é só nos avisar por aqui.';

export function isOptOutKeyword(text: string | null | undefined): boolean {
  if (!text || text.length > 40) return false;
  const word = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim()
    .replace(/^[\s"'“”«»*_~]+|[\s"'“”«»*_~.!?…;,]+$/gu, '')
    .toUpperCase();
  return (OPT_OUT_KEYWORDS as readonly string[]).includes(word);
}
