// Login, account settings and about are dialogs, each hidden at first and shown or hidden by
// its type (spec §2). One dialog at a time.
import { create } from 'zustand';

export type DialogType = 'login' | 'account' | 'about';

interface DialogState {
  type: DialogType | null;
  open: (type: DialogType) => void;
  close: () => void;
}

export const useDialogStore = create<DialogState>((set) => ({
  type: null,
  open: (type) => set({ type }),
  close: () => set({ type: null }),
}));

export function openDialog(type: DialogType): void {
  useDialogStore.getState().open(type);
}

export function closeDialog(): void {
  useDialogStore.getState().close();
}
