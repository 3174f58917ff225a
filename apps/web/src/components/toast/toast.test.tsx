import { act, fireEvent, render, screen } from '@testing-library/react';
import { Modal } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { CountBadge } from '../CountBadge';
import { toast, useToastStore } from './toast-store';

describe('toasts (spec §4, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    toast.closeAll();
    toast.configure({ maxCount: 5 });
    // the providers mount the one <ToastViewport> of the app
    renderWithProviders(<main />);
  });

  afterEach(() => {
    act(() => toast.closeAll());
    vi.useRealTimers();
  });

  it('closes after 3000 ms by default', () => {
    act(() => {
      toast.success('已保存');
    });
    expect(screen.getByText('已保存')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByText('已保存')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('已保存')).toBeNull();
  });

  it('stays open with duration 0', () => {
    act(() => {
      toast.info('一直在', { duration: 0 });
    });
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('一直在')).toBeTruthy();
  });

  it('closes the newest toast on Escape', () => {
    act(() => {
      toast.info('较早', { duration: 0 });
      toast.warning('较新', { duration: 0 });
    });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByText('较新')).toBeNull();
    expect(screen.getByText('较早')).toBeTruthy();
  });

  it('leaves Escape to an open dialog instead of closing a toast under it', () => {
    const onCancel = vi.fn();
    // beside the viewport the beforeEach mounted
    render(
      <Modal open title="对话框" onCancel={onCancel}>
        内容
      </Modal>,
    );
    act(() => {
      toast.info('还在', { duration: 0 });
    });
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.getByText('还在')).toBeTruthy();
  });

  it('leaves an Escape alone that something else already handled', () => {
    act(() => {
      toast.info('还在', { duration: 0 });
    });
    const handled = new KeyboardEvent('keydown', {
      key: 'Escape',
      bubbles: true,
      cancelable: true,
    });
    handled.preventDefault();
    act(() => {
      document.body.dispatchEvent(handled);
    });
    expect(screen.getByText('还在')).toBeTruthy();
  });

  it('pauses while hovered, also when a grouped repeat arrives, and closes after leaving', () => {
    act(() => {
      toast.error('网络错误', { grouping: true });
    });
    const shown = screen.getByText('网络错误').closest('.toast');
    if (!shown) throw new Error('no toast element');
    fireEvent.mouseEnter(shown);
    act(() => {
      toast.error('网络错误', { grouping: true });
    });
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText('网络错误')).toBeTruthy();

    fireEvent.mouseLeave(shown);
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByText('网络错误')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('网络错误')).toBeNull();
  });

  it('leaves no timer behind when a toast closes after the mouse left it', () => {
    act(() => {
      toast.info('再见');
    });
    const shown = screen.getByText('再见').closest('.toast');
    if (!shown) throw new Error('no toast element');
    fireEvent.mouseEnter(shown);
    fireEvent.mouseLeave(shown);
    act(() => toast.closeAll());
    expect(vi.getTimerCount()).toBe(0);
  });

  it('counts identical grouped toasts instead of stacking them', () => {
    act(() => {
      toast.error('网络错误', { grouping: true });
      toast.error('网络错误', { grouping: true });
      toast.error('网络错误', { grouping: true });
    });
    expect(screen.getAllByText('网络错误')).toHaveLength(1);
    expect(screen.getByText('3')).toBeTruthy();
    // a different type is a different toast
    act(() => {
      toast.warning('网络错误', { grouping: true });
    });
    expect(screen.getAllByText('网络错误')).toHaveLength(2);
  });

  it('ignores a new toast once the maximum count is shown', () => {
    act(() => toast.configure({ maxCount: 2 }));
    let third: number | null = 0;
    act(() => {
      toast.info('一', { duration: 0 });
      toast.info('二', { duration: 0 });
      third = toast.info('三', { duration: 0 });
    });
    expect(third).toBeNull();
    expect(screen.queryByText('三')).toBeNull();
    expect(useToastStore.getState().toasts).toHaveLength(2);
  });

  it('shows a close button when asked, which closes the toast', () => {
    act(() => {
      toast.error('请求失败', { showClose: true, duration: 0 });
    });
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByText('请求失败')).toBeNull();
  });

  it('places toasts at top by default and elsewhere on request', () => {
    act(() => {
      toast.info('上方', { duration: 0 });
      toast.info('右下', { duration: 0, placement: 'bottom-right' });
    });
    expect(screen.getByText('上方').closest('.toast-stack-top')).not.toBeNull();
    expect(screen.getByText('右下').closest('.toast-stack-bottom-right')).not.toBeNull();
  });
});

describe('counter badge (spec §5)', () => {
  it("shows 'max+' above the maximum, 99 by default", () => {
    renderWithProviders(
      <>
        <CountBadge count={99} title="a" />
        <CountBadge count={100} title="b" />
        <CountBadge count={12} max={9} title="c" />
        <CountBadge count={0} title="d" />
      </>,
    );
    expect(screen.getByTitle('a').textContent).toBe('99');
    expect(screen.getByTitle('b').textContent).toBe('99+');
    expect(screen.getByTitle('c').textContent).toBe('9+');
    expect(screen.queryByTitle('d')).toBeNull();
  });
});
