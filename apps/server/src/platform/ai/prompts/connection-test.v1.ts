import type { Prompt } from './types.ts';

/** The tiny request of 'Testar' in Meu perfil → IA. */
export const connectionTestV1: Prompt<Record<string, never>> = {
  id: 'connection-test.v1',
  system: 'Você é um verificador de conexão. Responda apenas com o JSON pedido.',
  user: () => 'Responda com {"ok": true}.',
};
