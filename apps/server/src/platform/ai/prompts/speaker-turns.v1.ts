import type { Prompt } from './types.ts';

export type SpeakerTurnsInput = {
  /** Numbered lines "[n] (mm:ss) texto" of one stretch of a recording's transcript. */
  segments: string;
  /** Lines just before this stretch, already given to someone ("[n] Falante 1: texto"), to keep the names. */
  before: string;
  /** Names given so far ('Falante 1', 'Falante 2' or a name the people said). */
  speakers: string[];
};

/**
 * Who speaks when, in a recording transcribed without speakers (decision 0381): part of a paid
 * analysis (meetings), never charged on its own. The answer is the turns, not the text again.
 */
export const speakerTurnsV1: Prompt<SpeakerTurnsInput> = {
  id: 'speaker-turns.v1',
  system:
    'Você separa as falas de uma conversa gravada (reunião de vendas, entrevista) entre as pessoas que falam. ' +
    'A transcrição vem numerada por trecho [n], sem dizer quem fala. Pelo conteúdo (perguntas e respostas, quem apresenta e quem pergunta, ' +
    'mudanças de assunto, cumprimentos, nomes citados), indique a partir de qual trecho cada pessoa passa a falar. ' +
    'turns: a lista de mudanças de quem fala, em ordem: fromSegment (o número do trecho em que a pessoa começa a falar) e speaker. ' +
    'O primeiro item começa no primeiro trecho da lista. Use "Falante 1", "Falante 2"… na ordem em que as pessoas aparecem; ' +
    'continue com os nomes já usados (lista de falantes e trechos anteriores) quando a mesma pessoa voltar a falar. ' +
    'Use o nome próprio só quando a própria pessoa se apresentar com ele. Responda apenas com o JSON pedido.',
  user: (d) =>
    [
      `Falantes já identificados: ${d.speakers.join(', ') || '(nenhum)'}`,
      d.before ? `Trechos anteriores (já identificados):\n${d.before}` : null,
      'Trechos a identificar:',
      d.segments,
    ]
      .filter(Boolean)
      .join('\n'),
};
