import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { changeLocale } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { aiChatTabId, type TabsState } from '../lib/tab-rules';
import { TabBar } from './TabBar';

// Tabs as an earlier version stored them: the AI chat tab with its Chinese title as text.
const stored: TabsState = {
  tabs: [
    {
      id: 'p1',
      path: '/space/s1/page/p1',
      fullPath: '/space/s1/page/p1',
      query: {},
      title: '入门指南',
      name: 'spacePage',
      type: 'node',
    },
    {
      id: aiChatTabId,
      path: '/space/s1/ai',
      fullPath: '/space/s1/ai',
      query: {},
      title: 'AI 问答',
      name: 'spaceAi',
      type: 'ai-chat',
    },
  ],
  activeId: 'p1',
};

function show(aiEnabled: boolean) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <TabBar
            state={stored}
            aiEnabled={aiEnabled}
            onClose={() => undefined}
            onCloseAll={() => undefined}
          />
        ),
      },
    ],
    { initialEntries: ['/space/s1/page/p1'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
/** The tabs (by key) that carry a close button. */
const closeButtons = () =>
  [...document.querySelectorAll('.ant-tabs-tab')]
    .filter((tab) => tab.querySelector('.ant-tabs-tab-remove'))
    .map((tab) => tab.getAttribute('data-node-key'));

describe('the tab bar', () => {
  afterEach(() => changeLocale('zh_CN'));

  it('names the AI chat tab in the language in view, whatever title was stored', async () => {
    await changeLocale('en_US');
    show(true);
    expect(tabNames()).toEqual(['入门指南', 'AI Q&A']);
    await changeLocale('zh_TW');
    expect(await screen.findByText('AI 問答')).toBeTruthy();
  });

  it('keeps the AI chat tab while the AI is on: it has no close button', () => {
    show(true);
    expect(closeButtons()).toEqual(['p1']);
  });

  it('lets the AI chat tab be closed once the AI is off', () => {
    show(false);
    expect(closeButtons()).toEqual(['p1', aiChatTabId]);
  });
});
