import { describe, expect, it } from 'vitest';
import { resolveImagePath } from './image-path';

describe('image paths (spec §7)', () => {
  it.each([
    'space/1/cover.png',
    '/space/1/cover.png',
    'user-avatar/7.png',
    '/user-avatar/7.png',
    '/preview/abc',
    'advise/x.jpg',
    '/temp/upload.png',
  ])('keeps %s as it is', (path) => {
    expect(resolveImagePath(path)).toBe(path);
  });

  it('prefixes other root-relative paths with /api', () => {
    expect(resolveImagePath('/v1/user/avatar/123?v=ab12')).toBe('/api/v1/user/avatar/123?v=ab12');
  });

  it('leaves absolute, data: and already prefixed URLs alone', () => {
    expect(resolveImagePath('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(resolveImagePath('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(resolveImagePath('/api/v1/user/avatar/1')).toBe('/api/v1/user/avatar/1');
    expect(resolveImagePath(null)).toBeUndefined();
  });
});
