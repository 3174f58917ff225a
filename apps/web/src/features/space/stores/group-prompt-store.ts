import { create } from 'zustand';
import type { SpaceGroup } from '@library/contract';

export type GroupPrompt = { kind: 'create' } | { kind: 'rename'; group: SpaceGroup } | null;

/** The space-group name dialog: opened from the sidebar header (create) or a group (rename). */
export const useGroupPromptStore = create<{
  prompt: GroupPrompt;
  setPrompt: (prompt: GroupPrompt) => void;
}>((set) => ({ prompt: null, setPrompt: (prompt) => set({ prompt }) }));
