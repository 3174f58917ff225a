import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { changeLocale, i18n } from '../lib/i18n';
import { usePreferencesStore } from '../stores/preferences-store';
import { LanguageSwitcher } from './LanguageSwitcher';
import { ThemeSwitcher } from './ThemeSwitcher';

function inHeader(children: React.ReactNode) {
  return render(
    <I18nextProvider i18n={i18n}>
      <header>{children}</header>
    </I18nextProvider>,
  );
}

afterEach(async () => {
  await act(() => changeLocale('zh_CN'));
  usePreferencesStore.getState().setTheme('light');
});

// The header's menus load antd's Dropdown (and the theme button its Tooltip) on demand. The
// button must stay the same element when it arrives: replacing it under a pressed pointer lost
// the press (e2e login.spec, about one run in four).
describe('the language button', () => {
  it('is the same element before and after its menu loads, and a press across the load opens the menu', async () => {
    const user = userEvent.setup();
    inHeader(<LanguageSwitcher showLabel />);
    const button = screen.getByRole('button', { name: '切换语言' });
    // the pointer goes down on the button before the Dropdown has loaded …
    await user.pointer({ keys: '[MouseLeft>]', target: button });
    // … the Dropdown arrives and takes the button as its trigger …
    await waitFor(() => expect(button.classList).toContain('ant-dropdown-trigger'));
    expect(screen.getByRole('button', { name: '切换语言' })).toBe(button);
    // … and the pointer comes up on the same element: a click, and the menu opens
    await user.pointer({ keys: '[/MouseLeft]', target: button });
    const english = await screen.findByRole('menuitem', { name: 'English' });
    expect(button.classList).toContain('ant-dropdown-open');
    // the menu is drawn inside the header, which is sticky in the app: it stays with its button
    expect(english.closest('header')).toBe(button.closest('header'));

    await user.click(english);
    await waitFor(() => expect(i18n.language).toBe('en_US'));
    expect(screen.getByRole('button', { name: 'Language' })).toBe(button);
  });

  it('opens its menu once loaded when pressed before, and closes it when pressed again', async () => {
    const user = userEvent.setup();
    inHeader(<LanguageSwitcher />);
    const button = screen.getByRole('button', { name: '切换语言' });
    fireEvent.click(button);
    expect(await screen.findByRole('menuitem', { name: '繁體中文' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '切换语言' })).toBe(button);
    await user.click(button);
    await waitFor(() => expect(button.classList).not.toContain('ant-dropdown-open'));
  });
});

describe('the theme button', () => {
  it('is the same element when its tooltip arrives, and switches the theme', async () => {
    const user = userEvent.setup();
    inHeader(<ThemeSwitcher />);
    const button = screen.getByRole('button', { name: '切换到深色模式' });
    // pointing loads the Tooltip, which shows at once since the pointer is still there
    await user.hover(button);
    expect(await screen.findByRole('tooltip')).toBeTruthy();
    expect(screen.getByRole('button', { name: '切换到深色模式' })).toBe(button);
    await user.click(button);
    expect(usePreferencesStore.getState().theme).toBe('dark');
    expect(screen.getByRole('button', { name: '切换到浅色模式' })).toBe(button);
  });
});
