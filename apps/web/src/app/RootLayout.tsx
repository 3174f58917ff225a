import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { useSessionStore } from '../stores/session-store';
import { loadLaterText } from '../lib/i18n';
import { AppDialogs } from './AppDialogs';
import { RouteGuard } from './guard/RouteGuard';
import { useDocumentTitle } from './use-document-title';
import { useLastVisitedRoute } from './use-last-visited-route';

// the logged-in screens show the later UI text (lib/i18n.ts): the shell waits for it too
const loadAppShell = () =>
  Promise.all([import('../features/layout/components/AppShell'), loadLaterText()]).then(([m]) => ({
    default: m.AppShell,
  }));
let appShell: ReturnType<typeof loadAppShell> | null = null;

/** Starts loading the logged-in shell's code (at start-up, when a login is saved). */
export function preloadAppShell(): void {
  appShell ??= loadAppShell();
}

const AppShell = lazy(() => (appShell ??= loadAppShell()));

/** Root of every screen: guard, document title, the app shell once logged in, and the dialogs. */
export function RootLayout() {
  useDocumentTitle();
  return (
    <>
      <RouteGuard>
        <ScreenFrame />
      </RouteGuard>
      <AppDialogs />
    </>
  );
}

function ScreenFrame() {
  const loggedIn = useSessionStore((state) => state.token !== null && state.phase === 'ready');
  useLastVisitedRoute(loggedIn);
  if (!loggedIn) return <Outlet />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <AppShell>
        <Outlet />
      </AppShell>
    </Suspense>
  );
}
