import { useEffect } from 'react';
import { useDeviceStore, watchDeviceMode, type DeviceMode } from '../stores/device-store';

/** Keeps the device mode in step with the window size while the app is mounted. */
export function useDeviceModeTracking(): void {
  useEffect(() => watchDeviceMode(), []);
}

export function useDeviceMode(): DeviceMode {
  return useDeviceStore((state) => state.deviceMode);
}

export function useIsMobile(): boolean {
  return useDeviceStore((state) => state.deviceMode === 'Mobile');
}
