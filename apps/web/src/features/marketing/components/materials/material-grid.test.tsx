import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MaterialView } from '@sede/shared/marketing/materials';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MaterialGrid } from './material-items.tsx';

const library = (n: number): MaterialView[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `m${i + 1}`,
    clientId: 'c1',
    clientName: 'Padaria Central',
    folderId: null,
    fileId: `f${i + 1}`,
    name: `Foto ${i + 1}.jpg`,
    kind: 'image',
    mime: 'image/jpeg',
    size: 120_000,
    hasThumbnail: false,
    tags: ['logo'],
    createdBy: null,
    createdByName: null,
    createdAt: '2026-12-01T12:00:00.000Z',
    updatedAt: '2026-12-01T12:00:00.000Z',
  }));

/** The screen's width as the grid's media queries see it: 5 columns from 80 rem. */
function screenWidth(px: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const rem = Number(/(\d+)rem/.exec(query)?.[1] ?? 0);
    return { matches: px >= rem * 16, media: query, addEventListener: () => {}, removeEventListener: () => {} } as unknown as MediaQueryList;
  });
}

afterEach(() => vi.restoreAllMocks());

describe('MaterialGrid (decision 0671)', () => {
  it('draws only the rows of cards near the viewport of a library of 5,000 files, whole rows at a time', () => {
    screenWidth(1280);
    render(<MaterialGrid materials={library(5_000)} showClient={false} onAction={() => {}} />);
    const cards = within(screen.getByRole('list', { name: 'Materiais' })).getAllByTestId('material-card');
    expect(cards.length).toBeLessThan(100);
    expect(cards.length % 5).toBe(0);
    expect(cards[0]!.textContent).toContain('Foto 1.jpg');
    // The rows not drawn keep their room, so the page's height and scroll bar stay true.
    expect(Number.parseFloat((screen.getByRole('list', { name: 'Materiais' }) as HTMLElement).style.paddingBottom)).toBeGreaterThan(100_000);
  });

  it('opens a drawn card, and draws a short library whole', async () => {
    screenWidth(390);
    const onAction = vi.fn();
    render(<MaterialGrid materials={library(40)} showClient onAction={onAction} />);
    expect(screen.getAllByTestId('material-card')).toHaveLength(40);
    await userEvent.click(screen.getByRole('button', { name: 'Ver Foto 7.jpg' }));
    expect(onAction).toHaveBeenCalledWith('preview', expect.objectContaining({ id: 'm7' }));
  });
});
