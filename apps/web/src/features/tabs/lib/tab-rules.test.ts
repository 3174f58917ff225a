import { describe, expect, it } from 'vitest';
import {
  activateTab,
  aiChatTabId,
  closeAllTabs,
  closeTab,
  contextKey,
  contextRootPath,
  emptyTabs,
  isTabsState,
  openTab,
  pruneTabs,
  removeTabsOfNodes,
  retitleTabs,
  syncAiChatTab,
  type Tab,
  type TabsState,
} from './tab-rules';

const root = '/space/s1';

function page(id: string): Tab {
  const path = `/space/s1/page/${id}`;
  return {
    id,
    path,
    fullPath: path,
    query: {},
    title: `页面 ${id}`,
    name: 'spacePage',
    type: 'node',
  };
}

const ai: Tab = {
  id: aiChatTabId,
  path: '/space/s1/ai',
  fullPath: '/space/s1/ai',
  query: {},
  title: 'AI 问答',
  name: 'spaceAi',
  type: 'ai-chat',
};

function withTabs(ids: string[], activeId: string | null): TabsState {
  return { tabs: ids.map((id) => (id === aiChatTabId ? ai : page(id))), activeId };
}

const ids = (state: TabsState) => state.tabs.map((tab) => tab.id);

describe('tab contexts', () => {
  it('keeps a space and an open space with the same id apart', () => {
    expect(contextKey({ kind: 'space', spaceId: 'a' })).not.toBe(
      contextKey({ kind: 'open-space', spaceId: 'a' }),
    );
    expect(contextRootPath({ kind: 'space', spaceId: 'a' })).toBe('/space/a');
    expect(contextRootPath({ kind: 'open-space', spaceId: 'a' })).toBe('/open-space/a');
  });
});

describe('opening tabs', () => {
  it('appends a new tab and activates it', () => {
    const state = openTab(openTab(emptyTabs, page('a')), page('b'));
    expect(ids(state)).toEqual(['a', 'b']);
    expect(state.activeId).toBe('b');
  });

  it('activates an already open tab instead of opening it twice', () => {
    const state = openTab(withTabs(['a', 'b'], 'b'), {
      ...page('a'),
      fullPath: '/space/s1/page/a?x=1',
    });
    expect(ids(state)).toEqual(['a', 'b']);
    expect(state.activeId).toBe('a');
    expect(state.tabs[0]?.fullPath).toBe('/space/s1/page/a?x=1');
  });

  it('keeps the AI chat tab last when a page opens after it', () => {
    const state = openTab(withTabs(['a', aiChatTabId], aiChatTabId), page('b'));
    expect(ids(state)).toEqual(['a', 'b', aiChatTabId]);
    expect(state.activeId).toBe('b');
  });

  it('puts the AI chat tab last when it opens', () => {
    const state = openTab(withTabs(['a', 'b'], 'a'), ai);
    expect(ids(state)).toEqual(['a', 'b', aiChatTabId]);
    expect(state.activeId).toBe(aiChatTabId);
  });

  it('activates a known tab or the root, and ignores unknown ids', () => {
    const state = withTabs(['a', 'b'], 'a');
    expect(activateTab(state, 'b').activeId).toBe('b');
    expect(activateTab(state, null).activeId).toBeNull();
    expect(activateTab(state, 'zz')).toBe(state);
  });
});

describe('the AI chat tab follows the AI switch', () => {
  it('appears last once the AI is on, leaving the tab in view active', () => {
    const next = syncAiChatTab(withTabs(['a', 'b'], 'a'), true, ai);
    expect(ids(next)).toEqual(['a', 'b', aiChatTabId]);
    expect(next.activeId).toBe('a');
  });

  it('changes nothing when the AI is on and its tab is there', () => {
    const state = withTabs(['a', aiChatTabId], null);
    expect(syncAiChatTab(state, true, ai)).toBe(state);
  });

  it('goes once the AI is off, unless it is the tab in view', () => {
    expect(ids(syncAiChatTab(withTabs(['a', aiChatTabId], 'a'), false, ai))).toEqual(['a']);
    const inView = withTabs(['a', aiChatTabId], aiChatTabId);
    expect(syncAiChatTab(inView, false, ai)).toBe(inView);
  });

  it('comes back after close all while the AI is on', () => {
    const closed = closeAllTabs(root).state;
    expect(ids(syncAiChatTab(closed, true, ai))).toEqual([aiChatTabId]);
  });
});

describe('closing tabs', () => {
  it('closing the active tab activates the next one', () => {
    const { state, navigateTo } = closeTab(withTabs(['a', 'b', 'c'], 'b'), 'b', root);
    expect(ids(state)).toEqual(['a', 'c']);
    expect(state.activeId).toBe('c');
    expect(navigateTo).toBe('/space/s1/page/c');
  });

  it('closing the active last tab activates the previous one', () => {
    const { state, navigateTo } = closeTab(withTabs(['a', 'b', 'c'], 'c'), 'c', root);
    expect(state.activeId).toBe('b');
    expect(navigateTo).toBe('/space/s1/page/b');
  });

  it('closing the only tab goes to the space root', () => {
    const { state, navigateTo } = closeTab(withTabs(['a'], 'a'), 'a', root);
    expect(state).toEqual(emptyTabs);
    expect(navigateTo).toBe(root);
  });

  it('closing another tab keeps the active one', () => {
    const { state, navigateTo } = closeTab(withTabs(['a', 'b', 'c'], 'c'), 'a', root);
    expect(ids(state)).toEqual(['b', 'c']);
    expect(state.activeId).toBe('c');
    expect(navigateTo).toBe('/space/s1/page/c');
  });

  it('closing a page before the AI chat tab activates the AI chat tab (the next)', () => {
    const { state } = closeTab(withTabs(['a', aiChatTabId], 'a'), 'a', root);
    expect(state.activeId).toBe(aiChatTabId);
  });

  it('close all empties the context and returns to the space root', () => {
    const { state, navigateTo } = closeAllTabs(root);
    expect(state).toEqual(emptyTabs);
    expect(navigateTo).toBe(root);
  });
});

describe('tabs of deleted nodes', () => {
  it('removes them and keeps an active tab that survives', () => {
    const { state, navigateTo } = removeTabsOfNodes(
      withTabs(['a', 'b', 'c'], 'c'),
      ['a', 'b'],
      root,
    );
    expect(ids(state)).toEqual(['c']);
    expect(navigateTo).toBe('/space/s1/page/c');
  });

  it('activates the next surviving tab when the active one is deleted', () => {
    const { state } = removeTabsOfNodes(withTabs(['a', 'b', 'c', 'd'], 'b'), ['b', 'c'], root);
    expect(state.activeId).toBe('d');
  });

  it('activates the previous surviving tab when nothing follows', () => {
    const { state } = removeTabsOfNodes(withTabs(['a', 'b', 'c'], 'c'), ['b', 'c'], root);
    expect(state.activeId).toBe('a');
  });

  it('goes to the space root when no tab survives', () => {
    const { state, navigateTo } = removeTabsOfNodes(withTabs(['a', 'b'], 'a'), ['a', 'b'], root);
    expect(state).toEqual(emptyTabs);
    expect(navigateTo).toBe(root);
  });

  it('never removes the AI chat tab', () => {
    const { state } = removeTabsOfNodes(
      withTabs(['a', aiChatTabId], 'a'),
      ['a', aiChatTabId],
      root,
    );
    expect(ids(state)).toEqual([aiChatTabId]);
    expect(state.activeId).toBe(aiChatTabId);
  });

  it('refresh prunes the tabs whose pages no longer exist', () => {
    const { state } = pruneTabs(withTabs(['a', 'b', aiChatTabId], 'b'), new Set(['a']), root);
    expect(ids(state)).toEqual(['a', aiChatTabId]);
    expect(state.activeId).toBe(aiChatTabId);
  });

  it('changes nothing when no tab belongs to a deleted node', () => {
    const before = withTabs(['a'], 'a');
    expect(removeTabsOfNodes(before, ['x'], root).state).toBe(before);
  });
});

describe('titles and stored values', () => {
  it('renames node tabs after their pages', () => {
    const state = retitleTabs(withTabs(['a', 'b'], 'a'), new Map([['a', '新名字']]));
    expect(state.tabs.map((tab) => tab.title)).toEqual(['新名字', '页面 b']);
  });

  it('accepts stored tab states and refuses anything else', () => {
    expect(isTabsState(withTabs(['a', aiChatTabId], 'a'))).toBe(true);
    expect(isTabsState({ tabs: [{ id: 1 }], activeId: null })).toBe(false);
    expect(isTabsState('tabs')).toBe(false);
  });
});
