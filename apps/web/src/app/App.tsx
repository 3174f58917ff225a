import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { followOtherTabs } from '../features/auth/session';
import { useDeviceModeTracking } from '../hooks/use-device-mode';
import { AppProviders } from './AppProviders';
import { useAppRouter } from './router';

export function App() {
  useDeviceModeTracking();
  useEffect(followOtherTabs, []);
  const router = useAppRouter();
  return (
    <AppProviders>
      {/* No transitions: the guard must see a navigation the moment it completes, in the same
          order as the session changes (zustand) around it — e.g. "navigated to the remembered
          page, then session ready" — or it would act on the page being left. */}
      <RouterProvider router={router} useTransitions={false} />
    </AppProviders>
  );
}
