import { describe, expect, it } from 'vitest';
import { fontStack } from './theme';

// Vitest hands stylesheets to tests empty, even with `?raw`: read them from the disk (the web's
// types know no Node, hence the untyped import).
const fsModule = 'node:fs';
const { readFileSync } = (await import(/* @vite-ignore */ fsModule)) as {
  readFileSync: (file: string, encoding: 'utf8') => string;
};
const here = decodeURIComponent(import.meta.url.replace(/^file:\/\//, '').replace(/[^/]*$/, ''));
const emojiFontCss = readFileSync(`${here}../styles/emoji-font.css`, 'utf8');
const globalCss = readFileSync(`${here}../styles/global.css`, 'utf8');

// The same rule as scripts/emoji-font.mjs: what draws as an emoji.
const emojiPattern = /\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F/gu;

const sources = import.meta.glob<string>(['../**/*.{ts,tsx,json}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const fonts = import.meta.glob('../assets/fonts/product-emoji*.woff2');

/** The code points an @font-face's unicode-range lists (single points and ranges). */
function rangeOf(css: string): (point: number) => boolean {
  const value = /unicode-range:([^;]+);/.exec(css)?.[1] ?? '';
  const spans = [...value.matchAll(/U\+([0-9a-f]+)(?:-([0-9a-f]+))?/gi)].map(([, from, to]) => [
    parseInt(from!, 16),
    parseInt(to ?? from!, 16),
  ]);
  return (point) => spans.some(([from, to]) => point >= from! && point <= to!);
}

describe('the emoji font the product ships', () => {
  it('covers every emoji the web source draws (run scripts/emoji-font.mjs after adding one)', () => {
    const covered = rangeOf(emojiFontCss);
    const missing = new Set<string>();
    for (const [file, text] of Object.entries(sources)) {
      for (const [emoji] of text.matchAll(emojiPattern)) {
        for (const char of emoji) {
          if (!covered(char.codePointAt(0)!)) missing.add(`${char} in ${file}`);
        }
      }
    }
    expect([...missing]).toEqual([]);
    // the pickers' and the callout's icons are among them: the scan did find the source
    expect(covered(0x1f4da)).toBe(true); // 📚 a space icon
    expect(covered(0x1f4a1)).toBe(true); // 💡 the info callout
  });

  it('leaves letters, digits and Chinese text to the text fonts', () => {
    const covered = rangeOf(emojiFontCss);
    for (const char of 'aZ09#*空间©') expect(covered(char.codePointAt(0)!)).toBe(false);
  });

  it('is shipped, loaded with the page styles and first in line for its characters', () => {
    expect(Object.keys(fonts)).toHaveLength(2);
    expect(emojiFontCss).toContain("font-family: 'Library Emoji'");
    expect(emojiFontCss).toContain(
      "url('../assets/fonts/product-emoji.woff2') format('woff2') tech(color-COLRv1)",
    );
    expect(emojiFontCss).toContain(
      "url('../assets/fonts/product-emoji-svg.woff2') format('woff2') tech(color-SVG)",
    );
    expect(globalCss).toContain("@import './emoji-font.css';");
    // the page's fonts and antd's name it before any text font that may hold a plain ⚠ or ⭐
    expect(globalCss).toMatch(/font-family:\s+-apple-system, 'Library Emoji', BlinkMacSystemFont/);
    for (const locale of ['zh_CN', 'zh_TW', 'en_US'] as const) {
      expect(fontStack(locale)).toMatch(/^-apple-system, "Library Emoji", /);
    }
  });
});
