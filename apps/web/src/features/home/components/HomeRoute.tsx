import { lazy, Suspense } from 'react';
import { FullPageSpinner } from '../../../components/FullPageSpinner';
import { useSessionStore } from '../../../stores/session-store';
import { WelcomeScreen } from './WelcomeScreen';
import type { HomeScreen as HomeScreenComponent } from './HomeScreen';

type HomeScreenModule = { HomeScreen: typeof HomeScreenComponent };
let homeScreen: HomeScreenModule | null = null;

/**
 * Loads the member's home. Visitors get the welcome page, so a visitor's /home does not download
 * it; with a saved login the route table waits for it beside this route's code.
 */
export function loadHomeScreen(): Promise<HomeScreenModule> {
  return import('./HomeScreen').then((module) => (homeScreen = module));
}

// Once loaded, the lazy component resolves at once (React reads a thenable that has settled
// synchronously), so a member's home draws without a spinner.
const LazyHomeScreen = lazy(() => {
  const loaded = homeScreen;
  if (!loaded) return loadHomeScreen().then((module) => ({ default: module.HomeScreen }));
  const settled = {
    then: (resolve: (value: { default: HomeScreenModule['HomeScreen'] }) => void) =>
      resolve({ default: loaded.HomeScreen }),
  };
  return settled as unknown as Promise<{ default: HomeScreenModule['HomeScreen'] }>;
});

/** /home: the user's home when logged in, the welcome page for visitors. */
export function HomeRoute() {
  const loggedIn = useSessionStore((state) => state.token !== null);
  if (!loggedIn) return <WelcomeScreen />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <LazyHomeScreen />
    </Suspense>
  );
}
