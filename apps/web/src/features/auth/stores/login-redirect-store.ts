// Where to go after login: the path a visitor wanted when the guard asked them to log in.
import { create } from 'zustand';

interface LoginRedirectState {
  target: string | null;
  remember: (path: string) => void;
  forget: () => void;
}

export const useLoginRedirectStore = create<LoginRedirectState>((set) => ({
  target: null,
  remember: (path) => set({ target: path }),
  forget: () => set({ target: null }),
}));

/** Answers the remembered path once and forgets it. */
export function takeLoginRedirect(): string | null {
  const { target, forget } = useLoginRedirectStore.getState();
  forget();
  return target;
}
