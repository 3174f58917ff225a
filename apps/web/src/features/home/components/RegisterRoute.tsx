import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { WelcomeScreen } from './WelcomeScreen';
import { openDialog } from '../../../stores/dialog-store';
import { useRegisterInviteStore } from '../../auth';
import { useSessionStore } from '../../../stores/session-store';

/** /register?c=CODE: keeps the invite code for the SMS login and opens the login dialog. */
export function RegisterRoute() {
  const [searchParams] = useSearchParams();
  const inviteCode = searchParams.get('c') ?? '';
  const loggedIn = useSessionStore((state) => state.token !== null);

  useEffect(() => {
    if (inviteCode) useRegisterInviteStore.getState().setInviteCode(inviteCode);
    if (!loggedIn) openDialog('login');
  }, [inviteCode, loggedIn]);

  if (loggedIn) return <Navigate to={paths.home.path} replace />;
  return <WelcomeScreen />;
}
