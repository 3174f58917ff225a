import { useEffect } from 'react';
import { WelcomeScreen } from './WelcomeScreen';
import { openDialog } from '../../../stores/dialog-store';
import { useSessionStore } from '../../../stores/session-store';

/** /login: the welcome page with the login dialog open (logout lands here). */
export function LoginRoute() {
  const loggedIn = useSessionStore((state) => state.token !== null);
  useEffect(() => {
    if (!loggedIn) openDialog('login');
  }, [loggedIn]);
  return <WelcomeScreen />;
}
