import type { ReactNode } from 'react';
import type { LoginResponse } from '@library/contract';

/** What the login dialog gives each of its two forms. */
export interface LoginFormProps {
  /** the agreement checkbox, shown above the submit button */
  agreement: ReactNode;
  /** false (and a warning shown) when the terms are not agreed yet */
  ensureAgreed: () => boolean;
  onLoggedIn: (response: LoginResponse) => Promise<void>;
}
