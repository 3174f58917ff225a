import { useSessionStore } from '../../../stores/session-store';
import { HomeScreen } from './HomeScreen';
import { WelcomeScreen } from './WelcomeScreen';

/** /home: the user's home when logged in, the welcome page for visitors. */
export function HomeRoute() {
  const loggedIn = useSessionStore((state) => state.token !== null);
  return loggedIn ? <HomeScreen /> : <WelcomeScreen />;
}
