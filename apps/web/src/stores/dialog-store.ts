// Login, account settings and about are dialogs, each hidden at first and shown or hidden by
// its type (spec §2). One dialog at a time. `loginGeneration` changes when a session ends so the
// login dialog starts afresh (no account, password or agreement tick of the previous user).
import { create } from 'zustand';

export type DialogType = 'login' | 'account' | 'about';

interface DialogState {
  type: DialogType | null;
  loginGeneration: number;
  open: (type: DialogType) => void;
  close: () => void;
}

export const useDialogStore = create<DialogState>((set) => ({
  type: null,
  loginGeneration: 0,
  open: (type) => set({ type }),
  close: () => set({ type: null }),
}));

export function openDialog(type: DialogType): void {
  useDialogStore.getState().open(type);
}

export function closeDialog(): void {
  useDialogStore.getState().close();
}

/** Throws away whatever the login dialog holds (its fields, mode and agreement tick). */
export function resetLoginDialog(): void {
  useDialogStore.setState((state) => ({ loginGeneration: state.loginGeneration + 1 }));
}
