import { afterEach, describe, expect, it, vi } from 'vitest';
import { highlightBlock } from './highlight-block';
import { holdScrollAnchor, releaseScrollAnchors } from './scroll-anchor';

const frames = () => new Promise((resolve) => setTimeout(resolve, 60));

/** A scroller holding a block 500px down its content (happy-dom does no layout). */
function page() {
  const scroller = document.createElement('div');
  const root = document.createElement('div');
  root.innerHTML = '<div class="bn-block-outer" data-id="b">cited</div>';
  scroller.append(root);
  document.body.append(scroller);
  const block = root.querySelector<HTMLElement>('.bn-block-outer')!;
  block.getBoundingClientRect = () =>
    ({ top: 500 - scroller.scrollTop, bottom: 530 - scroller.scrollTop }) as DOMRect;
  return { scroller, root, block };
}

afterEach(() => {
  releaseScrollAnchors();
  document.body.innerHTML = '';
  document.getElementById('page-block-highlight')?.remove();
});

describe('holdScrollAnchor', () => {
  it('keeps the anchored block where it stood for a moment after a swap', async () => {
    const { scroller, root } = page();
    holdScrollAnchor({ scroller, blockId: 'b', top: 100 }, root);
    expect(scroller.scrollTop).toBe(400);
    scroller.scrollTop = 0;
    await frames();
    expect(scroller.scrollTop).toBe(400);
  });

  it('lets go when the page is scrolled to a block on purpose (a cited block)', async () => {
    const { scroller, root, block } = page();
    holdScrollAnchor({ scroller, blockId: 'b', top: 100 }, root);
    // where scrollIntoView puts the block: the hold must not take it back
    block.scrollIntoView = vi.fn(() => {
      scroller.scrollTop = 240;
    });
    expect(highlightBlock('b', root, 'instant')).toBe(true);
    expect(block.scrollIntoView).toHaveBeenCalledWith({ block: 'center', behavior: 'instant' });
    await frames();
    expect(scroller.scrollTop).toBe(240);
  });
});
