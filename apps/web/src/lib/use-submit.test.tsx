import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { useFormSubmit, useSubmit } from './use-submit.ts';

describe('useSubmit', () => {
  it('is busy while the work runs and answers whether it succeeded', async () => {
    let finish = () => {};
    const { result } = renderHook(() => useSubmit(() => new Promise<void>((resolve) => (finish = resolve)), 'Não foi possível salvar.'));
    let done: Promise<boolean> = Promise.resolve(false);
    act(() => {
      done = result.current.submit();
    });
    expect(result.current.pending).toBe(true);
    await act(async () => {
      finish();
      expect(await done).toBe(true);
    });
    expect(result.current.pending).toBe(false);
    expect(result.current.error).toBeNull();
  });

  it("shows the API's message, or the fallback for any other failure", async () => {
    const { result, rerender } = renderHook(({ err }) => useSubmit(() => Promise.reject(err), 'Não foi possível salvar.'), { initialProps: { err: new ApiError(409, 'CONFLICT', 'Já existe uma pasta com este nome.') as Error } });
    await act(async () => expect(await result.current.submit()).toBe(false));
    expect(result.current.error).toBe('Já existe uma pasta com este nome.');
    rerender({ err: new TypeError('Failed to fetch') });
    await act(async () => void (await result.current.submit()));
    expect(result.current.error).toBe('Não foi possível salvar.');
  });
});

function Form({ work }: { work: () => Promise<void> }) {
  const save = useFormSubmit(work, 'Não foi possível salvar.');
  return (
    <form aria-label="Pasta" onSubmit={save.onSubmit}>
      <button type="submit">Salvar</button>
    </form>
  );
}

describe('useFormSubmit', () => {
  it('sends the form without leaving the page', async () => {
    const work = vi.fn(() => Promise.resolve());
    render(<Form work={work} />);
    const submitted = new Event('submit', { bubbles: true, cancelable: true });
    await act(async () => void fireEvent(screen.getByRole('form', { name: 'Pasta' }), submitted));
    expect(submitted.defaultPrevented).toBe(true);
    expect(work).toHaveBeenCalledOnce();
  });
});
