import { toast } from 'sonner';
import { describe, expect, it } from 'vitest';
import { installToastRules } from './toast-rules.ts';

// sonner tells its <Toaster> about a dismissal on the next animation frame.
globalThis.requestAnimationFrame ??= (cb: FrameRequestCallback) => {
  setTimeout(() => cb(0), 0);
  return 0;
};

const active = () => toast.getToasts().filter((t) => !('dismiss' in t && t.dismiss));
const typesOnScreen = () => active().map((t) => ('type' in t ? t.type : undefined));

describe('installToastRules', () => {
  it('a success dismisses the earlier error toasts and keeps the others', () => {
    installToastRules();
    installToastRules(); // idempotent
    toast.error('Erro na busca');
    toast.error('Empresa não encontrada');
    toast.info('Informação');
    expect(typesOnScreen()).toEqual(expect.arrayContaining(['error', 'error', 'info']));
    toast.success('Empresa cadastrada com sucesso!');
    expect(typesOnScreen()).not.toContain('error');
    expect(typesOnScreen()).toEqual(expect.arrayContaining(['info', 'success']));
  });
});
