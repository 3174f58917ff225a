import { describe, expect, it } from 'vitest';
import { notificationSettingsPath } from '@library/contract';
import { paths } from './paths';

describe('paths', () => {
  it('puts the notification settings where the server’s mail links lead', () => {
    expect(paths.notificationSettings.getHref()).toBe(notificationSettingsPath);
    expect(paths.notificationSettings.path).toBe(notificationSettingsPath);
  });
});
