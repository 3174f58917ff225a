// Tabs of every context (space or open space + spaceId), persisted per spec §3 under `tabs`
// (the tab lists by context) and `active-tab` (the active tab id by context). Logout clears both
// (lib/storage clearTabStorage). The rules themselves live in lib/tab-rules.ts.
import { create } from 'zustand';
import { readJsonStorage, writeJsonStorage } from '../../../lib/storage';
import { useSessionStore } from '../../../stores/session-store';
import { emptyTabs, isTabsState, type Tab, type TabsState } from '../lib/tab-rules';

export const tabsStorageKey = 'tabs';
export const activeTabStorageKey = 'active-tab';

type TabLists = Record<string, Tab[]>;
type ActiveTabs = Record<string, string | null>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readContexts(): Record<string, TabsState> {
  const lists = readJsonStorage(tabsStorageKey, isRecord) ?? {};
  const active = readJsonStorage(activeTabStorageKey, isRecord) ?? {};
  const contexts: Record<string, TabsState> = {};
  for (const [key, tabs] of Object.entries(lists)) {
    const candidate = { tabs, activeId: active[key] ?? null };
    if (isTabsState(candidate)) contexts[key] = candidate;
  }
  return contexts;
}

function writeContexts(contexts: Record<string, TabsState>): void {
  const lists: TabLists = {};
  const active: ActiveTabs = {};
  for (const [key, state] of Object.entries(contexts)) {
    lists[key] = state.tabs;
    active[key] = state.activeId;
  }
  writeJsonStorage(tabsStorageKey, lists);
  writeJsonStorage(activeTabStorageKey, active);
}

interface TabsStoreState {
  contexts: Record<string, TabsState>;
  /** replaces one context's tabs (the result of a tab rule) and persists all */
  setContext: (key: string, state: TabsState) => void;
  reload: () => void;
}

export const useTabsStore = create<TabsStoreState>((set, get) => ({
  contexts: readContexts(),
  setContext: (key, state) => {
    if (get().contexts[key] === state) return;
    const contexts = { ...get().contexts, [key]: state };
    writeContexts(contexts);
    set({ contexts });
  },
  reload: () => set({ contexts: readContexts() }),
}));

export function selectContext(key: string) {
  return (state: TabsStoreState): TabsState => state.contexts[key] ?? emptyTabs;
}

// Logout (or another login) clears the stored tabs (lib/storage clearTabStorage); the tabs held
// in memory follow the token so the next user never sees them.
useSessionStore.subscribe((state, previous) => {
  if (state.token !== previous.token) useTabsStore.getState().reload();
});
