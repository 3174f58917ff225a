// The tab rules of spec §4, as pure functions over one context's tabs (a context is a space or
// an open space plus its spaceId). The store and the tab bar only call these.
import type { SpaceViewKind } from '../../../config/space-hrefs';

export type TabType = 'node' | 'ai-chat';

/** A tab (spec §3): `id` is the page id for node tabs and `aiChatTabId` for the AI chat. */
export interface Tab {
  id: string;
  path: string;
  fullPath: string;
  query: Record<string, string>;
  title: string;
  /** the route name: spacePage, spaceAi, openSpacePage, openSpaceAi */
  name: string;
  type: TabType;
}

export type TabContextKind = SpaceViewKind;

export interface TabContext {
  kind: TabContextKind;
  spaceId: string;
}

export interface TabsState {
  tabs: Tab[];
  /** null: no tab is active, the space root shows */
  activeId: string | null;
}

/** What a close leads to: the new state and where to go (a tab's fullPath or the space root). */
export interface TabsChange {
  state: TabsState;
  navigateTo: string;
}

export const aiChatTabId = 'ai-chat';
export const emptyTabs: TabsState = { tabs: [], activeId: null };

export function contextKey(context: TabContext): string {
  return `${context.kind}:${context.spaceId}`;
}

/** The space root of a context: where closing the last tab or 'close all' goes. */
export function contextRootPath(context: TabContext): string {
  const prefix = context.kind === 'space' ? '/space/' : '/open-space/';
  return `${prefix}${encodeURIComponent(context.spaceId)}`;
}

/** The AI chat tab always stays last. */
function keepAiChatLast(tabs: Tab[]): Tab[] {
  const ai = tabs.filter((tab) => tab.type === 'ai-chat');
  return ai.length === 0 ? tabs : [...tabs.filter((tab) => tab.type !== 'ai-chat'), ...ai];
}

/** Opens a tab (or refreshes the one with its id) and makes it active. */
export function openTab(state: TabsState, tab: Tab): TabsState {
  const index = state.tabs.findIndex((existing) => existing.id === tab.id);
  const tabs =
    index >= 0
      ? state.tabs.map((existing, at) => (at === index ? tab : existing))
      : [...state.tabs, tab];
  return { tabs: keepAiChatLast(tabs), activeId: tab.id };
}

/**
 * The AI chat tab follows the space's AI switch: once the AI is on the tab is there,
 * last, without taking the focus from the tab in view; once it is off the tab goes, unless it is
 * the tab in view (its screen says the AI is off). `tab` is the AI chat tab of this context.
 */
export function syncAiChatTab(state: TabsState, aiEnabled: boolean, tab: Tab): TabsState {
  const present = state.tabs.some((existing) => existing.type === 'ai-chat');
  if (aiEnabled && !present) return { ...state, tabs: [...state.tabs, tab] };
  if (!aiEnabled && present && state.activeId !== aiChatTabId) {
    return { ...state, tabs: state.tabs.filter((existing) => existing.type !== 'ai-chat') };
  }
  return state;
}

/** Makes an existing tab active; null shows the space root. Unknown ids change nothing. */
export function activateTab(state: TabsState, id: string | null): TabsState {
  if (id !== null && !state.tabs.some((tab) => tab.id === id)) return state;
  return state.activeId === id ? state : { ...state, activeId: id };
}

/**
 * Closes one tab. Closing the active tab activates the next, else the previous, else the space
 * root; closing another tab keeps the active one.
 */
export function closeTab(state: TabsState, id: string, rootPath: string): TabsChange {
  const index = state.tabs.findIndex((tab) => tab.id === id);
  if (index < 0) return { state, navigateTo: currentPath(state, rootPath) };
  const tabs = state.tabs.filter((tab) => tab.id !== id);
  if (state.activeId !== id) {
    const next = { tabs, activeId: state.activeId };
    return { state: next, navigateTo: currentPath(next, rootPath) };
  }
  const successor = state.tabs[index + 1] ?? state.tabs[index - 1] ?? null;
  const next = { tabs, activeId: successor?.id ?? null };
  return { state: next, navigateTo: successor?.fullPath ?? rootPath };
}

/** 'Close all' empties the context and goes to the space root. */
export function closeAllTabs(rootPath: string): TabsChange {
  return { state: emptyTabs, navigateTo: rootPath };
}

/**
 * Removes the tabs of deleted nodes. When the active tab goes, the next remaining tab after it
 * is activated, else the previous, else the space root (the close rule, applied once).
 */
export function removeTabsOfNodes(
  state: TabsState,
  deletedIds: Iterable<string>,
  rootPath: string,
): TabsChange {
  const doomed = new Set(deletedIds);
  const isDoomed = (tab: Tab) => tab.type === 'node' && doomed.has(tab.id);
  const tabs = state.tabs.filter((tab) => !isDoomed(tab));
  if (tabs.length === state.tabs.length) {
    return { state, navigateTo: currentPath(state, rootPath) };
  }
  const activeIndex = state.tabs.findIndex((tab) => tab.id === state.activeId);
  const active = state.tabs[activeIndex];
  if (!active || !isDoomed(active)) {
    const next = { tabs, activeId: state.activeId };
    return { state: next, navigateTo: currentPath(next, rootPath) };
  }
  const after = state.tabs.slice(activeIndex + 1).find((tab) => !isDoomed(tab));
  const before = state.tabs
    .slice(0, activeIndex)
    .reverse()
    .find((tab) => !isDoomed(tab));
  const successor = after ?? before ?? null;
  return {
    state: { tabs, activeId: successor?.id ?? null },
    navigateTo: successor?.fullPath ?? rootPath,
  };
}

/** Keeps only node tabs whose page still exists (space refresh); the AI chat tab stays. */
export function pruneTabs(
  state: TabsState,
  existingPageIds: ReadonlySet<string>,
  rootPath: string,
): TabsChange {
  const deleted = state.tabs
    .filter((tab) => tab.type === 'node' && !existingPageIds.has(tab.id))
    .map((tab) => tab.id);
  return removeTabsOfNodes(state, deleted, rootPath);
}

/** Renames node tabs after their pages (names from the tree). */
export function retitleTabs(state: TabsState, titles: ReadonlyMap<string, string>): TabsState {
  let changed = false;
  const tabs = state.tabs.map((tab) => {
    const title = tab.type === 'node' ? titles.get(tab.id) : undefined;
    if (title === undefined || title === tab.title) return tab;
    changed = true;
    return { ...tab, title };
  });
  return changed ? { ...state, tabs } : state;
}

function currentPath(state: TabsState, rootPath: string): string {
  return state.tabs.find((tab) => tab.id === state.activeId)?.fullPath ?? rootPath;
}

/** A stored value is a TabsState (storage may hold anything). */
export function isTabsState(value: unknown): value is TabsState {
  if (typeof value !== 'object' || value === null) return false;
  const { tabs, activeId } = value as { tabs?: unknown; activeId?: unknown };
  return (
    Array.isArray(tabs) && tabs.every(isTab) && (activeId === null || typeof activeId === 'string')
  );
}

function isTab(value: unknown): value is Tab {
  if (typeof value !== 'object' || value === null) return false;
  const tab = value as Record<string, unknown>;
  return (
    typeof tab.id === 'string' &&
    typeof tab.path === 'string' &&
    typeof tab.fullPath === 'string' &&
    typeof tab.query === 'object' &&
    tab.query !== null &&
    typeof tab.title === 'string' &&
    typeof tab.name === 'string' &&
    (tab.type === 'node' || tab.type === 'ai-chat')
  );
}
