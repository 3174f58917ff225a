import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { useSessionStore } from '../stores/session-store';
import { AppDialogs } from './AppDialogs';
import { RouteGuard } from './guard/RouteGuard';
import { useDocumentTitle } from './use-document-title';
import { useLastVisitedRoute } from './use-last-visited-route';

const loadAppShell = () =>
  import('../features/layout/components/AppShell').then((m) => ({ default: m.AppShell }));
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
