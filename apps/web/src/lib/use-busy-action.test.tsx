import { act, renderHook } from '@testing-library/react';
import { toast } from './toast.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useBusyAction } from './use-busy-action.ts';

afterEach(() => vi.restoreAllMocks());

describe('useBusyAction', () => {
  it('is busy until the work settles', async () => {
    let settle = () => {};
    const { result } = renderHook(() => useBusyAction(() => 'falhou'));
    let running = Promise.resolve();
    act(() => {
      running = result.current.run(() => new Promise<void>((resolve) => (settle = resolve)));
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      settle();
      await running;
    });
    expect(result.current.busy).toBe(false);
  });

  it('turns a failure into an error toast in its own words', async () => {
    const shown = vi.spyOn(toast, 'error');
    const { result } = renderHook(() => useBusyAction((e) => `Não deu: ${(e as Error).message}`));
    await act(() => result.current.run(() => Promise.reject(new Error('sem rede'))));
    expect(shown).toHaveBeenCalledWith('Não deu: sem rede');
    expect(result.current.busy).toBe(false);
  });
});
