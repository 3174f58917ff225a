// The client descriptor sent with every login (spec §3): client web, a random device id kept in
// this browser, a readable device name from the user agent, version 0.1.
import type { ClientDescriptor } from '@library/contract';
import { deviceIdKey, readStorage, writeStorage } from './storage';

export const appVersion = '0.1';

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export function deviceId(): string {
  const saved = readStorage(deviceIdKey);
  if (saved) return saved;
  const created = randomId();
  writeStorage(deviceIdKey, created);
  return created;
}

const browsers: ReadonlyArray<[RegExp, string]> = [
  [/MicroMessenger/i, 'WeChat'],
  [/DingTalk/i, 'DingTalk'],
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const systems: ReadonlyArray<[RegExp, string]> = [
  [/HarmonyOS|OpenHarmony/i, 'HarmonyOS'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome on Windows" from a user agent string; unknown parts stay generic. */
export function describeDevice(userAgent: string): string {
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'Browser';
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  return system ? `${browser} on ${system}` : browser;
}

export function clientDescriptor(): ClientDescriptor {
  const userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  return {
    client: 'web',
    deviceId: deviceId(),
    deviceName: describeDevice(userAgent),
    version: appVersion,
  };
}
