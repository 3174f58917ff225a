import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { toast } from '../../../components/toast';
import { createFakeServer } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { LoginDialog } from './LoginDialog';

function renderDialog() {
  return renderWithProviders(<LoginDialog open onClose={() => undefined} />);
}

describe('login dialog (spec §4, §5)', () => {
  beforeEach(() => {
    toast.closeAll();
  });

  afterEach(() => {
    act(() => toast.closeAll());
    resetApiClient();
    vi.useRealTimers();
  });

  it('opens on phone + verification code and asks for both', async () => {
    const user = userEvent.setup();
    renderDialog();
    expect(screen.getByRole('tab', { name: '验证码登录', selected: true })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '登录 / 注册' }));
    expect(await screen.findByText('手机号不能为空')).toBeTruthy();
    expect(await screen.findByText('验证码不能为空')).toBeTruthy();
  });

  it('asks for account and password, 8 to 16 characters, in password mode', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.click(screen.getByRole('tab', { name: '密码登录' }));
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('账号不能为空')).toBeTruthy();
    expect(await screen.findByText('密码不能为空')).toBeTruthy();

    const password = screen.getByLabelText('密码');
    const lengthError = '长度必须为 8 到 16 个字符';
    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText(lengthError)).toBeTruthy();

    // 16 characters are fine: the old message goes away
    await user.clear(password);
    await user.type(password, 'abcdefghijklmnop');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(screen.queryByText(lengthError)).toBeNull());

    // 17 are one too many
    await user.clear(password);
    await user.type(password, 'abcdefghijklmnopq');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText(lengthError)).toBeTruthy();
  });

  it('accepts a mainland mobile number, with or without +86, and refuses others', async () => {
    const user = userEvent.setup();
    renderDialog();
    const mobile = screen.getByLabelText('手机号');
    const invalid = '请输入正确的手机号';

    await user.type(mobile, '12345');
    await user.click(screen.getByRole('button', { name: '登录 / 注册' }));
    expect(await screen.findByText(invalid)).toBeTruthy();

    for (const number of ['13800138000', '+8613800138000']) {
      await user.clear(mobile);
      await user.type(mobile, number);
      await user.click(screen.getByRole('button', { name: '登录 / 注册' }));
      await waitFor(() => expect(screen.queryByText(invalid)).toBeNull());
    }
  });

  it('starts empty and unticked each time it opens again', async () => {
    const user = userEvent.setup();
    const onClose = () => undefined;
    const { rerender } = renderDialog();
    await user.click(screen.getByRole('tab', { name: '密码登录' }));
    await user.type(screen.getByLabelText('账号'), 'reader@example.com');
    await user.type(screen.getByLabelText('密码'), 'Secret1234');
    await user.click(screen.getByRole('checkbox'));

    rerender(<LoginDialog open={false} onClose={onClose} />);
    rerender(<LoginDialog open onClose={onClose} />);

    expect(screen.getByRole('tab', { name: '验证码登录', selected: true })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('checkbox').checked).toBe(false);
    await user.click(screen.getByRole('tab', { name: '密码登录' }));
    expect(screen.getByLabelText<HTMLInputElement>('账号').value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('密码').value).toBe('');
  });

  it("refuses to log in until the terms are agreed ('Please agree first')", async () => {
    const server = createFakeServer({});
    configureApiClient({ fetch: server.fetch });
    const user = userEvent.setup();
    renderDialog();
    await user.click(screen.getByRole('tab', { name: '密码登录' }));
    await user.type(screen.getByLabelText('账号'), 'reader@example.com');
    await user.type(screen.getByLabelText('密码'), 'Secret1234');
    await user.click(screen.getByRole('button', { name: '登录' }));

    expect(await screen.findByText('请先同意用户协议和隐私政策')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it("counts the get-code button down from 60 s, then offers 'get code again'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = createFakeServer({
      'POST /api/v1/user/smsCode': { smsToken: 'sms-1', expiresIn: 300, resendIn: 60 },
    });
    configureApiClient({ fetch: server.fetch });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderDialog();

    await user.type(screen.getByLabelText('手机号'), '13800138000');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));

    const counting = await screen.findByRole('button', { name: '倒计时 60' });
    expect(counting.hasAttribute('disabled')).toBe(true);
    expect(server.find('POST', '/api/v1/user/smsCode')[0]?.body).toEqual({ mobile: '13800138000' });

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: '倒计时 59' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(59_000));
    await waitFor(() => expect(screen.getByRole('button', { name: '重新获取' })).toBeTruthy());
  });

  it('shows the other languages’ texts for the same rules', async () => {
    const { i18n } = await import('../../../lib/i18n');
    await act(() => i18n.changeLanguage('en_US'));
    try {
      renderDialog();
      fireEvent.click(screen.getByRole('tab', { name: 'Password' }));
      fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
      expect(await screen.findByText('Account cannot be empty')).toBeTruthy();
      expect(await screen.findByText('Password cannot be empty')).toBeTruthy();
    } finally {
      await act(() => i18n.changeLanguage('zh_CN'));
    }
  });
});
