import { describe, expect, it, vi } from 'vitest';
import { dispatchEntityEvent, dispatchLiveResync, subscribeEntity } from './entity-events.ts';

describe('live entity events', () => {
  it('delivers each event only to the subscribers of its entity type, until they unsubscribe', () => {
    const deals = vi.fn();
    const tasks = vi.fn();
    const offDeals = subscribeEntity('deal', deals);
    const offTasks = subscribeEntity('task', tasks);
    dispatchEntityEvent({ entity: 'deal', id: 'd1', action: 'updated' });
    expect(deals).toHaveBeenCalledWith({ entity: 'deal', id: 'd1', action: 'updated' });
    expect(tasks).not.toHaveBeenCalled();
    offDeals();
    dispatchEntityEvent({ entity: 'deal', id: 'd2' });
    expect(deals).toHaveBeenCalledTimes(1);
    dispatchLiveResync();
    expect(tasks).toHaveBeenCalledWith({ entity: 'task', id: '*', action: 'resync' });
    offTasks();
  });

  it('a failing subscriber does not stop the others', () => {
    const bad = vi.fn(() => {
      throw new Error('boom');
    });
    const good = vi.fn();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const off = [subscribeEntity('job', bad), subscribeEntity('job', good)];
    dispatchEntityEvent({ entity: 'job', id: 'j1' });
    expect(good).toHaveBeenCalledTimes(1);
    off.forEach((f) => f());
    spy.mockRestore();
  });
});

describe('the window bridge from the session stream', () => {
  it('turns sede:live window events into entity events, and one without detail into a resync', async () => {
    vi.resetModules();
    const target = new EventTarget();
    vi.stubGlobal('window', target);
    try {
      const bus = await import('./entity-bus.ts');
      const seen = vi.fn();
      const off = bus.subscribeEntity('deal', seen);
      target.dispatchEvent(new CustomEvent(bus.LIVE_WINDOW_EVENT, { detail: { entity: 'deal', id: 'd9', action: 'deleted' } }));
      target.dispatchEvent(new CustomEvent(bus.LIVE_WINDOW_EVENT));
      expect(seen.mock.calls).toEqual([[{ entity: 'deal', id: 'd9', action: 'deleted' }], [{ entity: 'deal', id: '*', action: 'resync' }]]);
      off();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
