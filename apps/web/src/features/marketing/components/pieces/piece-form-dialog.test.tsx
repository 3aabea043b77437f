import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PieceView } from '@sede/shared/marketing/pieces';
import { PieceFormDialog } from './piece-form-dialog.tsx';
import { renderWithProviders } from '../../../../../test/render.tsx';

// Decision 0327: the piece form shared by the calendar and the creatives.
type Call = { method: string; url: string; body: Record<string, unknown> | undefined };
let calls: Call[] = [];
let refuse: string | null = null;
const OWN = '11111111-1111-4111-8111-111111111111';
const DOCE = '22222222-2222-4222-8222-222222222222';

beforeEach(() => {
  calls = [];
  refuse = null;
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const call = { method: init.method ?? 'GET', url: String(input), body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (call.method !== 'GET' && refuse) return json({ error: refuse, code: 'MARKETING_NEEDS_DATE' }, 400);
    if (call.url === '/api/marketing/clients')
      return json({ clients: [{ id: OWN, organizationId: null, isOwn: true, name: 'Agência', archived: false }, { id: DOCE, organizationId: 'o', isOwn: false, name: 'Doce Lar', archived: false }] });
    if (call.url.startsWith('/api/comments/mentionable')) return json({ people: [{ userId: 'u1', name: 'Carla Campos' }] });
    if (call.url.startsWith('/api/marketing/campaigns')) return json({ error: 'x', code: 'NOT_FOUND' }, 404);
    if (call.method !== 'GET') return json({ id: 'p1', ...call.body }, call.method === 'POST' ? 201 : 200);
    return json({});
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('PieceFormDialog', () => {
  it('creates a piece on the calendar’s day, in Brazil time, with its fields', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    renderWithProviders(<PieceFormDialog open onOpenChange={() => undefined} defaults={{ scheduledAt: '2026-11-25T10:00:00-03:00', clientId: DOCE }} onSaved={onSaved} />);
    expect((screen.getByLabelText('Data') as HTMLInputElement).value).toBe('2026-11-25');
    expect((screen.getByLabelText('Horário') as HTMLInputElement).value).toBe('10:00');
    await waitFor(() => expect(screen.getByLabelText('Responsável').textContent).toContain('Carla Campos'));
    await user.type(screen.getByLabelText('Título'), 'Stories da Black Friday');
    await user.selectOptions(screen.getByLabelText('Canal'), 'facebook');
    await user.selectOptions(screen.getByLabelText('Status'), 'producao');
    await user.selectOptions(screen.getByLabelText('Responsável'), 'u1');
    await user.clear(screen.getByLabelText('Horário'));
    await user.type(screen.getByLabelText('Horário'), '18:45');
    await user.type(screen.getByLabelText('Hashtags'), '#blackfriday, promo');
    await user.click(screen.getByRole('button', { name: 'Criar peça' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/marketing/pieces');
    expect(post.body).toMatchObject({ clientId: DOCE, title: 'Stories da Black Friday', channel: 'facebook', status: 'producao', assigneeId: 'u1', scheduledAt: '2026-11-25T18:45:00-03:00', hashtags: ['#blackfriday', 'promo'], campaignId: null });
  }, 30_000);

  it('edits a piece: shows its values, sends no date when the date is cleared, shows the server’s refusal', async () => {
    const user = userEvent.setup();
    const piece = {
      id: 'p9', clientId: OWN, clientName: 'Agência', campaignId: null, campaignName: null, title: 'Post agendado', channel: 'instagram', format: 'reels', status: 'agendado',
      scheduledAt: '2026-11-04T01:30:00.000Z', brief: 'Para o público jovem', copy: null, hashtags: ['verao'], assigneeId: null, assigneeName: null, publishedUrl: null, createdAt: '', updatedAt: '',
    } as PieceView;
    renderWithProviders(<PieceFormDialog open onOpenChange={() => undefined} piece={piece} />);
    expect((screen.getByLabelText('Título') as HTMLInputElement).value).toBe('Post agendado');
    expect((screen.getByLabelText('Data') as HTMLInputElement).value).toBe('2026-11-03');
    expect((screen.getByLabelText('Horário') as HTMLInputElement).value).toBe('22:30');
    expect((screen.getByLabelText('Hashtags') as HTMLInputElement).value).toBe('#verao');
    expect((screen.getByLabelText('Briefing') as HTMLTextAreaElement).value).toBe('Para o público jovem');
    await user.clear(screen.getByLabelText('Data'));
    refuse = 'Para agendar ou publicar, informe a data da peça.';
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Para agendar ou publicar, informe a data da peça.');
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url).toBe('/api/marketing/pieces/p9');
    expect(patch.body).toMatchObject({ scheduledAt: null, format: 'reels', status: 'agendado' });
  }, 30_000);
});
