import { toast } from './toast.ts';
import { afterEach, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { withToast } from './with-toast.ts';

afterEach(() => vi.restoreAllMocks());

it('says done when the work worked, else the API message or the fallback, and answers which', async () => {
  const success = vi.spyOn(toast, 'success');
  const error = vi.spyOn(toast, 'error');
  expect(await withToast(async () => {}, 'Lista excluída.', 'Não foi possível excluir a lista.')).toBe(true);
  expect(success).toHaveBeenCalledWith('Lista excluída.');
  expect(await withToast(() => Promise.reject(new ApiError(404, 'NOT_FOUND', 'Lista não encontrada.')), 'x', 'y')).toBe(false);
  expect(await withToast(() => Promise.reject(new TypeError('Failed to fetch')), 'x', 'Não foi possível excluir a lista.')).toBe(false);
  expect(error.mock.calls).toEqual([['Lista não encontrada.'], ['Não foi possível excluir a lista.']]);
});
