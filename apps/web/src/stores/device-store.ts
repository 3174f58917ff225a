// Device mode of spec §2: Mobile under 992 px window width, else Desktop. Checked at start and on
// every resize; the state only changes when the mode does.
import { create } from 'zustand';
import { limits } from '@library/contract';

export type DeviceMode = 'Mobile' | 'Desktop';

export function deviceModeForWidth(width: number): DeviceMode {
  return width < limits.mobileBreakpointPx ? 'Mobile' : 'Desktop';
}

function currentWidth(): number {
  return typeof window === 'undefined' ? limits.mobileBreakpointPx : window.innerWidth;
}

interface DeviceState {
  deviceMode: DeviceMode;
}

export const useDeviceStore = create<DeviceState>(() => ({
  deviceMode: deviceModeForWidth(currentWidth()),
}));

/** Re-reads the window width; answers true when the mode changed. */
export function checkDeviceMode(): boolean {
  const next = deviceModeForWidth(currentWidth());
  if (useDeviceStore.getState().deviceMode === next) return false;
  useDeviceStore.setState({ deviceMode: next });
  return true;
}

/** Starts watching resizes; answers the function that stops it. */
export function watchDeviceMode(): () => void {
  checkDeviceMode();
  const handleResize = () => {
    checkDeviceMode();
  };
  window.addEventListener('resize', handleResize);
  return () => window.removeEventListener('resize', handleResize);
}
