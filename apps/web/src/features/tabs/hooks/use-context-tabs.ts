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
  type TabContext,
  type TabsChange,
} from '../lib/tab-rules';
import { selectContext, useTabsStore } from '../stores/tabs-store';

export interface ContextTabsOptions {
  context: TabContext;
  /** page names by id (from the tree), for tab titles */
  titles: ReadonlyMap<string, string>;
  aiTitle: string;
}

function routeNames(kind: TabContext['kind']) {
  return kind === 'space'
    ? { page: 'spacePage', ai: 'spaceAi', prefix: '/space' }
    : { page: 'openSpacePage', ai: 'openSpaceAi', prefix: '/open-space' };
}

export function useContextTabs({ context, titles, aiTitle }: ContextTabsOptions) {
  const key = contextKey(context);
  const rootPath = contextRootPath(context);
  const state = useTabsStore(selectContext(key));
  const setContext = useTabsStore((store) => store.setContext);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const names = routeNames(context.kind);

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
        openTab(current, {
          id,
          path: pathname,
          fullPath,
          query,
          title: titles.get(id) ?? existing?.title ?? '',
          name: names.page,
          type: 'node',
        }),
      );
      return;
    }
    if (matchPath(`${names.prefix}/:spaceId/ai`, pathname)) {
      setContext(
        key,
        openTab(current, {
          id: aiChatTabId,
          path: pathname,
          fullPath,
          query,
          title: aiTitle,
          name: names.ai,
          type: 'ai-chat',
        }),
      );
      return;
    }
    setContext(key, activateTab(current, null));
    // titles and aiTitle only name tabs; a change of them alone must not re-run routing
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, pathname, search, setContext, names.page, names.ai, names.prefix]);

  // Tab titles follow the page names in the tree.
  useEffect(() => {
    const current = useTabsStore.getState().contexts[key];
    if (current) setContext(key, retitleTabs(current, titles));
  }, [key, titles, setContext]);

  const apply = useCallback(
    (change: TabsChange) => {
      setContext(key, change.state);
      const here = `${window.location.pathname}${window.location.search}`;
      if (change.navigateTo !== here) navigate(change.navigateTo);
    },
    [key, navigate, setContext],
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
