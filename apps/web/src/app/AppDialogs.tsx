import { lazy, Suspense, useEffect, useState } from 'react';
import { useDialogStore, type DialogType } from '../stores/dialog-store';

// Each dialog's code loads the first time it opens, then stays mounted so it can animate closed.
// The login dialog's contents are dropped once hidden, and the whole dialog is remounted when a
// session ends (`loginGeneration`), so the next user never sees the previous one's input.
const LoginDialog = lazy(() =>
  import('../features/auth/components/LoginDialog').then((m) => ({ default: m.LoginDialog })),
);
const AccountSettingsDialog = lazy(() =>
  import('../features/account/components/AccountSettingsDialog').then((m) => ({
    default: m.AccountSettingsDialog,
  })),
);
const AboutDialog = lazy(() =>
  import('../features/about/components/AboutDialog').then((m) => ({ default: m.AboutDialog })),
);

/** The login, account settings and about dialogs, shown by the dialog store's type. */
export function AppDialogs() {
  const type = useDialogStore((state) => state.type);
  const close = useDialogStore((state) => state.close);
  const loginGeneration = useDialogStore((state) => state.loginGeneration);
  const [opened, setOpened] = useState<ReadonlySet<DialogType>>(() => new Set());

  useEffect(() => {
    if (type && !opened.has(type)) setOpened((previous) => new Set(previous).add(type));
  }, [type, opened]);

  const shows = (dialog: DialogType) => opened.has(dialog) || type === dialog;
  return (
    <Suspense fallback={null}>
      {shows('login') && (
        <LoginDialog key={loginGeneration} open={type === 'login'} onClose={close} />
      )}
      {shows('account') && <AccountSettingsDialog open={type === 'account'} onClose={close} />}
      {shows('about') && <AboutDialog open={type === 'about'} onClose={close} />}
    </Suspense>
  );
}
