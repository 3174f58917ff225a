// Binds one context's tabs to the router: the current route opens or activates its tab, and
// closing tabs navigates where the rules of lib/tab-rules.ts say.
import { useCallback, useEffect, useMemo } from 'react';
import { matchPath, useLocation, useNavigate } from 'react-router';
import {
  aiChatTabId,
  activateTab,
  closeAllTabs,
  closeTab,
  contextKey,
  contextRootPath,
  openTab,
  pruneTabs,
  removeTabsOfNodes,
  retitleTabs,
  syncAiChatTab,
  type Tab,
  type TabContext,
  type TabsChange,
  type TabsState,
} from '../lib/tab-rules';
import { selectContext, useTabsStore } from '../stores/tabs-store';

export interface ContextTabsOptions {
  context: TabContext;
  /** page names by id (from the tree), for tab titles */
  titles: ReadonlyMap<string, string>;
  /**
   * the space's AI is on: its chat tab is always there, last (the tab bar names it); undefined
   * while the AI detail loads, which leaves the tabs as they are
   */
  aiEnabled: boolean | undefined;
}

function routeNames(kind: TabContext['kind']) {
  return kind === 'space'
    ? { page: 'spacePage', ai: 'spaceAi', prefix: '/space' }
    : { page: 'openSpacePage', ai: 'openSpaceAi', prefix: '/open-space' };
}

/** The AI chat tab of a context. Its title stays empty: it is a label, translated when drawn. */
function aiChatTab(rootPath: string, routeName: string, query: Record<string, string> = {}): Tab {
  const path = `${rootPath}/ai`;
  const search = new URLSearchParams(query).toString();
  return {
    id: aiChatTabId,
    path,
    fullPath: search ? `${path}?${search}` : path,
    query,
    title: '',
    name: routeName,
    type: 'ai-chat',
  };
}

export function useContextTabs({ context, titles, aiEnabled }: ContextTabsOptions) {
  const key = contextKey(context);
  const rootPath = contextRootPath(context);
  const state = useTabsStore(selectContext(key));
  const setContext = useTabsStore((store) => store.setContext);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const names = routeNames(context.kind);
  const withAiChat = useCallback(
    (next: TabsState) =>
      aiEnabled === undefined
        ? next
        : syncAiChatTab(next, aiEnabled, aiChatTab(rootPath, names.ai)),
    [aiEnabled, rootPath, names.ai],
  );

  // The route decides the active tab.
  useEffect(() => {
    const current = useTabsStore.getState().contexts[key] ?? { tabs: [], activeId: null };
    const query = Object.fromEntries(new URLSearchParams(search));
    const fullPath = `${pathname}${search}`;
    const page = matchPath(`${names.prefix}/:spaceId/page/:pageId`, pathname);
    if (page?.params.pageId) {
      const id = page.params.pageId;
      const existing = current.tabs.find((tab) => tab.id === id);
      setContext(
        key,
        withAiChat(
          openTab(current, {
            id,
            path: pathname,
            fullPath,
            query,
            title: titles.get(id) ?? existing?.title ?? '',
            name: names.page,
            type: 'node',
          }),
        ),
      );
      return;
    }
    if (matchPath(`${names.prefix}/:spaceId/ai`, pathname)) {
      setContext(key, openTab(current, aiChatTab(rootPath, names.ai, query)));
      return;
    }
    setContext(key, withAiChat(activateTab(current, null)));
    // titles only name tabs; a change of them alone must not re-run routing
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, pathname, search, setContext, names.page, names.ai, names.prefix]);

  // The AI chat tab appears as soon as the space's AI is switched on, and goes when it is off.
  useEffect(() => {
    const current = useTabsStore.getState().contexts[key] ?? { tabs: [], activeId: null };
    setContext(key, withAiChat(current));
  }, [key, setContext, withAiChat]);

  // Tab titles follow the page names in the tree.
  useEffect(() => {
    const current = useTabsStore.getState().contexts[key];
    if (current) setContext(key, retitleTabs(current, titles));
  }, [key, titles, setContext]);

  const apply = useCallback(
    (change: TabsChange) => {
      // 'close all' keeps the AI chat tab while the AI is on
      setContext(key, withAiChat(change.state));
      const here = `${window.location.pathname}${window.location.search}`;
      if (change.navigateTo !== here) navigate(change.navigateTo);
    },
    [key, navigate, setContext, withAiChat],
  );

  const current = () => useTabsStore.getState().contexts[key] ?? { tabs: [], activeId: null };

  return useMemo(
    () => ({
      state,
      rootPath,
      close: (id: string) => apply(closeTab(current(), id, rootPath)),
      closeAll: () => apply(closeAllTabs(rootPath)),
      removeNodes: (ids: Iterable<string>) => apply(removeTabsOfNodes(current(), ids, rootPath)),
      prune: (pageIds: ReadonlySet<string>) => apply(pruneTabs(current(), pageIds, rootPath)),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [state, rootPath, apply],
  );
}
