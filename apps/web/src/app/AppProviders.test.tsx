import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { AppProviders } from './AppProviders';

describe('AppProviders', () => {
  it('takes the spinner out of a button as soon as its loading ends, however quickly', async () => {
    const { rerender } = render(
      <AppProviders>
        <Button loading={false}>发布</Button>
      </AppProviders>,
    );
    rerender(
      <AppProviders>
        <Button loading>发布</Button>
      </AppProviders>,
    );
    expect(screen.getByRole('button', { name: 'loading 发布' })).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    rerender(
      <AppProviders>
        <Button loading={false}>发布</Button>
      </AppProviders>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('button', { name: '发布' })).toBeTruthy();
  });
});
