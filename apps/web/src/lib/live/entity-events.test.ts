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
