import { useEffect, useState } from 'react';
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

// The dialog may be placed twice at once — the phone's space list, and the sidebar's list in the
// menu drawer once that has been opened — and one store opens both: only the one placed last
// draws it.
const useHolders = create<{ ids: number[] }>(() => ({ ids: [] }));
let lastHolderId = 0;

/** Whether this placement of the create-space dialog is the one that draws it. */
export function useIsCreateSpaceDialogHolder(): boolean {
  const [id] = useState(() => (lastHolderId += 1));
  useEffect(() => {
    useHolders.setState((state) => ({ ids: [...state.ids, id] }));
    return () => useHolders.setState((state) => ({ ids: state.ids.filter((each) => each !== id) }));
  }, [id]);
  return useHolders((state) => state.ids.at(-1) === id);
}
