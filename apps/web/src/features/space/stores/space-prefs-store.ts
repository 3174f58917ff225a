// Space preferences kept in the browser (spec §3 "also persisted"), each under its own key:
//   space-expanded-keys        { [spaceId]: topicId[] }   expanded tree topics per space
//   space-view-mode            { [spaceId]: 'tree'|'list' } view mode per space (default tree)
//   space-group-expanded-keys  groupId[] | null           expanded sidebar groups (null: all)
//   space-last-selected        spaceId | null             the space opened last
//   space-login-entry          spaceId | null             the first space opened after a login
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type SpaceViewMode = 'tree' | 'list';
export const defaultViewMode: SpaceViewMode = 'tree';

const storage = createJSONStorage(() => localStorage);

interface ExpandedKeysState {
  bySpace: Record<string, string[]>;
  setExpandedKeys: (spaceId: string, keys: string[]) => void;
}

export const useExpandedKeysStore = create<ExpandedKeysState>()(
  persist(
    (set) => ({
      bySpace: {},
      setExpandedKeys: (spaceId, keys) =>
        set((state) => ({ bySpace: { ...state.bySpace, [spaceId]: keys } })),
    }),
    { name: 'space-expanded-keys', storage },
  ),
);

interface ViewModeState {
  bySpace: Record<string, SpaceViewMode>;
  setViewMode: (spaceId: string, mode: SpaceViewMode) => void;
}

export const useViewModeStore = create<ViewModeState>()(
  persist(
    (set) => ({
      bySpace: {},
      setViewMode: (spaceId, mode) =>
        set((state) => ({ bySpace: { ...state.bySpace, [spaceId]: mode } })),
    }),
    { name: 'space-view-mode', storage },
  ),
);

interface GroupExpandedState {
  /** null: every group expanded (nothing chosen yet) */
  expandedGroupIds: string[] | null;
  setExpandedGroupIds: (ids: string[]) => void;
}

export const useGroupExpandedStore = create<GroupExpandedState>()(
  persist(
    (set) => ({
      expandedGroupIds: null,
      setExpandedGroupIds: (ids) => set({ expandedGroupIds: ids }),
    }),
    { name: 'space-group-expanded-keys', storage },
  ),
);

interface SelectedSpaceState {
  spaceId: string | null;
  setSpaceId: (spaceId: string | null) => void;
}

export const useLastSelectedSpaceStore = create<SelectedSpaceState>()(
  persist((set) => ({ spaceId: null, setSpaceId: (spaceId) => set({ spaceId }) }), {
    name: 'space-last-selected',
    storage,
  }),
);

export const useLoginEntrySpaceStore = create<SelectedSpaceState>()(
  persist((set) => ({ spaceId: null, setSpaceId: (spaceId) => set({ spaceId }) }), {
    name: 'space-login-entry',
    storage,
  }),
);

/** The login (token) whose first opened space was recorded; kept in memory only. */
let entryRecordedForToken: string | null = null;

/** Called when a space opens: remembers it as last selected, and as the login's entry space. */
export function rememberOpenedSpace(spaceId: string, token: string | null): void {
  useLastSelectedSpaceStore.getState().setSpaceId(spaceId);
  if (token !== null && entryRecordedForToken !== token) {
    entryRecordedForToken = token;
    useLoginEntrySpaceStore.getState().setSpaceId(spaceId);
  }
}
