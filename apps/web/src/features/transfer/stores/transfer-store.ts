// Which import or export dialog is open, for what: opened from the tree's menus and a page's
// menu, shown once by the space view (TransferDialog).
import { create } from 'zustand';

export interface TransferTarget {
  mode: 'import' | 'export';
  spaceId: string;
  /** export: the page or topic (absent: the whole space); import: the topic (absent: the root) */
  nodeId?: string;
  /** what the dialog's title names (the page, topic or space) */
  name: string;
}

interface TransferState {
  target: TransferTarget | null;
  open: (target: TransferTarget) => void;
  close: () => void;
}

export const useTransferStore = create<TransferState>((set) => ({
  target: null,
  open: (target) => set({ target }),
  close: () => set({ target: null }),
}));

export function openTransfer(target: TransferTarget): void {
  useTransferStore.getState().open(target);
}
