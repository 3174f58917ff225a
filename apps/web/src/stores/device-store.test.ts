import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceModeForWidth, useDeviceStore, watchDeviceMode } from './device-store';

function resizeTo(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

describe('device mode (spec §2)', () => {
  afterEach(() => resizeTo(1024));

  it('is Mobile under 992 px and Desktop from 992 px', () => {
    expect(deviceModeForWidth(991)).toBe('Mobile');
    expect(deviceModeForWidth(992)).toBe('Desktop');
  });

  it('is checked at start and on every resize, changing only when the mode changes', () => {
    resizeTo(1200);
    const stop = watchDeviceMode();
    expect(useDeviceStore.getState().deviceMode).toBe('Desktop');

    const listener = vi.fn();
    const unsubscribe = useDeviceStore.subscribe(listener);
    resizeTo(991);
    expect(useDeviceStore.getState().deviceMode).toBe('Mobile');
    resizeTo(500);
    resizeTo(390);
    expect(listener).toHaveBeenCalledTimes(1);
    resizeTo(992);
    expect(useDeviceStore.getState().deviceMode).toBe('Desktop');
    expect(listener).toHaveBeenCalledTimes(2);

    unsubscribe();
    stop();
    resizeTo(400);
    expect(useDeviceStore.getState().deviceMode).toBe('Desktop');
  });
});
