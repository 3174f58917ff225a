import { describe, expect, it } from 'vitest';
import { fitToolbar } from './toolbar-fit';

const keys = ['share', 'export', 'versions', 'comments'];
const priority = ['comments', 'versions', 'share', 'export'];
const widths = [70, 70, 70, 90];
const fit = (available: number) =>
  fitToolbar({ keys, widths, priority, available, gap: 4, moreWidth: 32 });

describe('fitToolbar', () => {
  it('keeps every action, and no menu, when all fit', () => {
    // 300 of buttons and 3 gaps of 4
    expect(fit(312)).toEqual(keys);
    expect(fit(1000)).toEqual(keys);
  });

  it('keeps the most used actions beside the menu, in drawn order', () => {
    // the menu 32, comments 4 + 90, versions 4 + 70: 200; share would need 274
    expect(fit(311)).toEqual(['share', 'versions', 'comments']);
    expect(fit(273)).toEqual(['versions', 'comments']);
    expect(fit(200)).toEqual(['versions', 'comments']);
    expect(fit(199)).toEqual(['comments']);
  });

  it('never shows a less used action in place of a more used one that does not fit', () => {
    // comments (90) does not fit beside the menu, though share (70) would
    expect(fit(110)).toEqual([]);
  });

  it('ranks actions the priority does not name last', () => {
    expect(
      fitToolbar({
        keys: ['share', 'comments'],
        widths: [70, 90],
        priority: ['comments'],
        available: 130,
        gap: 4,
        moreWidth: 32,
      }),
    ).toEqual(['comments']);
  });
});
