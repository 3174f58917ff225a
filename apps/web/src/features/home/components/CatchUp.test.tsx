import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Home } from '@library/contract';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { createFakeServer } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { CatchUp } from './CatchUp';

const person = { userId: '10002', nickname: '馆长', avatar: null };

function show(home: Home) {
  configureApiClient({ fetch: createFakeServer({ 'GET /api/v1/home': home }).fetch });
  renderWithProviders(
    <MemoryRouter>
      <CatchUp />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  queryClient.clear();
  useSessionStore.setState({ token: 'tok-1' });
});
afterEach(() => {
  resetApiClient();
  useSessionStore.setState({ token: null });
});

describe('the home page’s catch-up', () => {
  it('says there is nothing to catch up on, list by list', async () => {
    show({ mentions: [], changed: [], recent: [] });
    expect(await screen.findByText('没有未读的提及和回复')).toBeTruthy();
    expect(screen.getByText('你看过的页面都没有新版本')).toBeTruthy();
    expect(screen.getByText('还没有浏览记录')).toBeTruthy();
  });

  it('links a mention to its block, a changed page to its versions, a visit to its page', async () => {
    show({
      mentions: [
        {
          notificationId: '1',
          type: 'mention',
          event: null,
          link: '/space/s1/page/p1?block=b7',
          read: false,
          createdAt: '2026-11-28T08:00:00.000Z',
          actor: person,
          spaceId: 's1',
          pageId: 'p1',
          commentId: null,
          blockId: 'b7',
          title: '借阅规则',
          excerpt: '请 <@10003> 看看',
        },
      ],
      changed: [
        {
          pageId: 'p2',
          spaceId: 's1',
          spaceName: '图书馆',
          title: '值班表',
          avatar: null,
          version: 3,
          versionName: '十二月',
          publishedAt: '2026-11-28T09:00:00.000Z',
          publishedBy: person,
          visitedAt: '2026-11-20T09:00:00.000Z',
        },
      ],
      recent: [
        {
          targetType: 'page',
          targetId: 'p3',
          spaceId: 's1',
          name: '通讯录',
          spaceName: '图书馆',
          avatar: null,
          visitedAt: '2026-11-27T09:00:00.000Z',
        },
      ],
    });
    const mention = await screen.findByRole('link', { name: '馆长 在「借阅规则」中提到了你' });
    expect(mention.getAttribute('href')).toBe('/space/s1/page/p1?block=b7');
    expect(screen.getByText('请 @某人 看看')).toBeTruthy();
    expect(screen.getByRole('link', { name: '值班表' }).getAttribute('href')).toBe(
      '/space/s1/page/p2',
    );
    expect(screen.getByRole('link', { name: '查看版本' }).getAttribute('href')).toBe(
      '/space/s1/page/p2?versions=open',
    );
    expect(screen.getByText('馆长 发布了「十二月」 · 图书馆')).toBeTruthy();
    expect(screen.getByRole('link', { name: '通讯录' }).getAttribute('href')).toBe(
      '/space/s1/page/p3',
    );
  });
});
