import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { ImportReport } from '@library/contract';
import { renderWithProviders } from '../../../test/render';
import { ImportReportView } from './ImportReportView';

const report: ImportReport = {
  parentId: null,
  topics: 1,
  pages: 2,
  files: 0,
  firstPageId: null,
  problems: [
    { path: '笔记/缺图.md', code: 'imageNotFound', detail: '工牌.png' },
    { path: '笔记/缺图.md', code: 'notConverted', detail: 'HTML block' },
    { path: '笔记/空.txt', code: 'typeRefused', detail: '' },
  ],
};

describe('ImportReportView', () => {
  it('words each problem by its code in the reader’s language, with its detail', async () => {
    renderWithProviders(<ImportReportView report={report} />);
    expect(screen.getByText('已导入 2 个页面、1 个主题、0 个文件')).toBeTruthy();
    expect(screen.getByText('找不到图片：工牌.png（保留为链接）', { exact: false })).toBeTruthy();
    expect(
      screen.getByText('部分内容未能转换，已作为文字保留（HTML block）', { exact: false }),
    ).toBeTruthy();
    expect(screen.getByText('文件类型不受支持，或是空文件，未导入', { exact: false })).toBeTruthy();
    expect(screen.queryByText(/not found/)).toBeNull();
  });

  it('shows the same problems in zh_TW and en', async () => {
    const { i18n } = await import('../../../lib/i18n');
    try {
      await act(() => i18n.changeLanguage('zh_TW'));
      const { unmount } = renderWithProviders(<ImportReportView report={report} />);
      expect(screen.getByText('找不到圖片：工牌.png（保留為連結）', { exact: false })).toBeTruthy();
      unmount();
      await act(() => i18n.changeLanguage('en_US'));
      renderWithProviders(<ImportReportView report={report} />);
      expect(
        screen.getByText('Image not found: 工牌.png (kept as a link)', { exact: false }),
      ).toBeTruthy();
    } finally {
      await act(() => i18n.changeLanguage('zh_CN'));
    }
  });
});
