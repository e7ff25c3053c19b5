import { describe, expect, it, vi } from 'vitest';
import { createEventPublisher, type EventTarget } from './eventPublisher';

function target(destroyed = false) {
  return { send: vi.fn<EventTarget['send']>(), isDestroyed: () => destroyed };
}

describe('createEventPublisher', () => {
  const state = { state: 'running', message: null, logFile: null } as const;

  it('sends a valid payload to every live window', () => {
    const [a, b, gone] = [target(), target(), target(true)];
    const publisher = createEventPublisher(() => [a, b, gone], vi.fn());
    expect(publisher.publish('host:state', state)).toBe(true);
    expect(a.send).toHaveBeenCalledWith('host:state', state);
    expect(b.send).toHaveBeenCalledWith('host:state', state);
    expect(gone.send).not.toHaveBeenCalled();
  });

  it('sends nothing and says why when the payload breaks the event table', () => {
    const a = target();
    const warn = vi.fn();
    const publisher = createEventPublisher(() => [a], warn);
    const bad = { ...state, state: 'exploded' } as unknown as typeof state;
    expect(publisher.publish('host:state', bad)).toBe(false);
    expect(a.send).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/not sent: event "host:state" breaks its schema/));
  });
});
