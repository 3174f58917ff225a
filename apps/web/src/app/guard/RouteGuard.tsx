import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { loadSession } from '../../features/auth/session';
import { useLoginRedirectStore } from '../../features/auth/stores/login-redirect-store';
import { useGuardDecision } from './use-guard-decision';

/** Carries out the guard decision (see guard-decision.ts) for every screen. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const decision = useGuardDecision();
  const wantedPath = decision.kind === 'login' ? decision.wantedPath : null;

  useEffect(() => {
    if (wantedPath !== null) useLoginRedirectStore.getState().remember(wantedPath);
  }, [wantedPath]);

  useEffect(() => {
    if (decision.kind === 'initialize') void loadSession();
  }, [decision.kind]);

  switch (decision.kind) {
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'login':
      return <Navigate to={paths.login.path} replace />;
    case 'initialize':
    case 'wait':
      return <FullPageSpinner />;
    case 'allow':
      return children;
  }
}
