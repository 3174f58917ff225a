// Where to go after login: the path a visitor wanted when the guard asked them to log in. Only
// same-origin app paths are kept; anything else (`//evil.example/x`) is remembered as /home.
import { create } from 'zustand';
import { appPathOrFallback } from '../../../lib/navigation';

interface LoginRedirectState {
  target: string | null;
  remember: (path: string) => void;
  forget: () => void;
}

export const useLoginRedirectStore = create<LoginRedirectState>((set) => ({
  target: null,
  remember: (path) => set({ target: appPathOrFallback(path) }),
  forget: () => set({ target: null }),
}));

/** Answers the remembered path once and forgets it. */
export function takeLoginRedirect(): string | null {
  const { target, forget } = useLoginRedirectStore.getState();
  forget();
  return target === null ? null : appPathOrFallback(target);
}
