import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SpaceIcon } from './SpaceIcon';

function iconOf(icon: string | null) {
  const { container } = render(<SpaceIcon space={{ name: '读书笔记', icon }} />);
  return container.firstElementChild;
}

describe('space icon', () => {
  it.each([
    ['space/1/icon.png', 'space/1/icon.png'],
    ['/user-avatar/7.png', '/user-avatar/7.png'],
    ['/v1/space/1/icon', '/api/v1/space/1/icon'],
    ['https://cdn.example.com/a.png', 'https://cdn.example.com/a.png'],
  ])('shows the picture %s from %s (spec §7 image paths)', (icon, src) => {
    const element = iconOf(icon);
    expect(element?.tagName).toBe('IMG');
    expect(element?.getAttribute('src')).toBe(src);
  });

  it.each(['📚', 'temperature', 'spaceship'])(
    'shows %s as text: it only starts like a kept path',
    (icon) => {
      const element = iconOf(icon);
      expect(element?.tagName).toBe('SPAN');
      expect(element?.textContent).toBe(icon);
    },
  );

  it('falls back to the first character of the name', () => {
    expect(iconOf(null)?.textContent).toBe('读');
  });
});
