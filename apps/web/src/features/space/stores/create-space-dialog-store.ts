import { create } from 'zustand';

/** The create-space dialog: open or not, and the group it was opened for. */
export const useCreateSpaceDialogStore = create<{
  open: boolean;
  groupId: string | null;
  show: (groupId?: string | null) => void;
  hide: () => void;
}>((set) => ({
  open: false,
  groupId: null,
  show: (groupId = null) => set({ open: true, groupId }),
  hide: () => set({ open: false }),
}));
