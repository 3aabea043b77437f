import { act, render, screen, waitFor } from '@testing-library/react';
import { Toaster, toast as sonnerToast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { createToasts } from './toast.ts';

type Sonner = typeof sonnerToast;

/** A queue whose sonner arrives when the test says so (or fails to). */
function deferredSonner() {
  let arrive: () => void = () => {};
  let fail: () => void = () => {};
  const load = vi.fn(
    () =>
      new Promise<Sonner>((resolve, reject) => {
        arrive = () => resolve(sonnerToast);
        fail = () => reject(new TypeError('Failed to fetch dynamically imported module'));
      }),
  );
  const toasts = createToasts(load);
  return { ...toasts, load, arrive: () => act(async () => arrive()), fail: () => act(async () => fail()) };
}

const onScreen = (text: string) => screen.queryByText(text);

describe('toast (sonner loaded on demand)', () => {
  it('a toast raised before sonner arrives is shown once it does, under the id it was given', async () => {
    render(<Toaster />);
    const { toast, load, arrive } = deferredSonner();
    const id = toast.success('Contato salvo antes do sonner.');
    toast.error('Falha antes do sonner.', { id: 'falha-1' });
    expect(load).toHaveBeenCalledTimes(1);
    await new Promise((r) => setTimeout(r, 20));
    expect(onScreen('Contato salvo antes do sonner.')).toBeNull();
    await arrive();
    expect(await screen.findByText('Contato salvo antes do sonner.')).toBeTruthy();
    expect(await screen.findByText('Falha antes do sonner.')).toBeTruthy();
    const ids = sonnerToast.getToasts().map((t) => t.id);
    expect(ids).toEqual(expect.arrayContaining([id, 'falha-1']));
    // The id handed out before sonner arrived is sonner's id for that toast.
    act(() => toast.dismiss(id));
    await waitFor(() => expect(onScreen('Contato salvo antes do sonner.')).toBeNull());
    expect(onScreen('Falha antes do sonner.')).toBeTruthy();
    act(() => toast.dismiss('falha-1'));
  });

  it('a toast dismissed while waiting for sonner is never shown; the others are', async () => {
    render(<Toaster />);
    const { toast, arrive } = deferredSonner();
    const gone = toast.info('Dispensado na fila.');
    toast.warning('Mantido na fila.');
    toast.dismiss(gone);
    await arrive();
    expect(await screen.findByText('Mantido na fila.')).toBeTruthy();
    expect(onScreen('Dispensado na fila.')).toBeNull();
    expect(sonnerToast.getToasts().some((t) => t.id === gone)).toBe(false);
  });

  it('once sonner is there, a toast goes to it at once and returns its id', async () => {
    const { toast, arrive, loadToasts, load } = deferredSonner();
    const loaded = loadToasts();
    await arrive();
    await loaded;
    const success = vi.spyOn(sonnerToast, 'success');
    const id = toast.success('Direto no sonner.', { description: 'detalhe' });
    expect(success).toHaveBeenCalledWith('Direto no sonner.', { description: 'detalhe' });
    expect(id).toBe(success.mock.results[0]!.value);
    expect(load).toHaveBeenCalledTimes(1);
    success.mockRestore();
    sonnerToast.dismiss(id);
  });

  it('when fetching sonner fails, the next toast asks again and both are shown', async () => {
    render(<Toaster />);
    const { toast, load, fail, arrive, onToastsLoaded } = deferredSonner();
    const loaded = vi.fn();
    onToastsLoaded(loaded);
    toast('Primeiro, sem rede.');
    await fail();
    expect(loaded).not.toHaveBeenCalled();
    toast('Segundo, com rede.');
    expect(load).toHaveBeenCalledTimes(2);
    await arrive();
    expect(await screen.findByText('Primeiro, sem rede.')).toBeTruthy();
    expect(await screen.findByText('Segundo, com rede.')).toBeTruthy();
    expect(loaded).toHaveBeenCalledTimes(1);
  });
});
