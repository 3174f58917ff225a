import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Block, PageComment } from '@library/contract';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { createFakeServer } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { CommentsDrawer } from './CommentsDrawer';

const user = (userId: string, nickname: string, avatar: string | null = null) => ({
  userId,
  nickname,
  avatar,
});

function comment(
  commentId: string,
  patch: Partial<PageComment> & Pick<PageComment, 'content' | 'creator'>,
): PageComment {
  return {
    commentId,
    parentId: null,
    blockId: null,
    deleted: false,
    createdAt: '2026-03-01T08:00:00.000Z',
    updatedAt: '2026-03-01T08:00:00.000Z',
    mentions: [],
    abilities: { canEdit: false, canDelete: false },
    children: [],
    ...patch,
  };
}

const blocks: Block[] = [
  {
    id: 'b1',
    type: 'heading',
    props: {},
    content: [{ type: 'text', text: '安装步骤', styles: {} }],
  },
];

const list = [
  comment('c1', {
    content: '这一段写得很清楚',
    creator: user('1', '林小书', '/v1/user/1/avatar'),
    blockId: 'b1',
    children: [
      comment('c2', {
        parentId: 'c1',
        content: '谢谢！',
        creator: user('2', '王二'),
        abilities: { canEdit: true, canDelete: true },
        children: [
          comment('c3', { parentId: 'c2', content: '', deleted: true, creator: user('3', '张三') }),
        ],
      }),
    ],
  }),
  comment('c4', { content: '关于旧块', creator: user('3', '张三'), blockId: 'gone' }),
  comment('c5', {
    content: '请 <@7> 和 <@8> 看看',
    creator: user('3', '张三'),
    mentions: [user('7', '周七')],
  }),
];

function setup() {
  const server = createFakeServer({
    'GET /api/v2/space/page/p1/comment': { list, total: 3 },
    'GET /api/v2/space/s1/people': {
      list: [{ userId: '7', nickname: '周七', avatar: null, friend: true }],
    },
    'POST /api/v2/space/page/p1/comment': (request: { body: unknown }) => ({
      body: comment('c9', {
        ...(request.body as { content: string }),
        creator: user('2', '王二'),
      }),
    }),
  });
  configureApiClient({ fetch: server.fetch });
  const onOpenBlock = vi.fn<(blockId: string) => void>();
  renderWithProviders(
    <CommentsDrawer
      spaceId="s1"
      pageId="p1"
      open
      canComment
      locale="zh_CN"
      blocks={() => blocks}
      anchorBlockId={null}
      onClose={() => undefined}
      onOpenBlock={onOpenBlock}
    />,
  );
  return { server, onOpenBlock };
}

beforeEach(() => queryClient.clear());
afterEach(() => resetApiClient());

describe('comments drawer', () => {
  it('renders replies nested under their comment, with avatar, name and time', async () => {
    setup();
    const first = (await screen.findByText('这一段写得很清楚')).closest('li');
    expect(first).not.toBeNull();
    const top = within(first as HTMLElement);
    expect(top.getByText('林小书')).toBeTruthy();
    expect(top.getAllByText('2026年3月1日').length).toBeGreaterThan(0);
    expect(first?.querySelector('img')?.getAttribute('src')).toBe('/api/v1/user/1/avatar');
    // the reply and the reply's reply live inside the first comment's item
    const reply = top.getByText('谢谢！').closest('li');
    expect(reply?.parentElement?.closest('li')).toBe(first);
    expect(within(reply as HTMLElement).getByText('该评论已删除')).toBeTruthy();
  });

  it('offers edit and delete only where the comment allows them', async () => {
    setup();
    const reply = (await screen.findByText('谢谢！')).closest('li') as HTMLElement;
    const own = reply.querySelector('.page-comment-actions') as HTMLElement;
    expect(within(own).getByRole('button', { name: '编辑' })).toBeTruthy();
    expect(within(own).getByRole('button', { name: '删除' })).toBeTruthy();
    const first = screen.getByText('这一段写得很清楚').closest('.page-comment-main') as HTMLElement;
    const actions = first.querySelector(':scope > .page-comment-actions') as HTMLElement;
    expect(within(actions).queryByRole('button', { name: '编辑' })).toBeNull();
    expect(within(actions).getByRole('button', { name: '回复' })).toBeTruthy();
  });

  it('shows the anchored block and opens it; a missing block says so', async () => {
    const { onOpenBlock } = setup();
    await userEvent.click(await screen.findByRole('button', { name: '关于块：安装步骤' }));
    expect(onOpenBlock).toHaveBeenCalledWith('b1');
    expect(screen.getByRole('button', { name: '该块已不存在' })).toHaveProperty('disabled', true);
  });

  it('shows a mention by the person’s name, and someone not of the space unnamed', async () => {
    setup();
    const text = (await screen.findByText('@周七')).closest('.page-comment-content');
    expect(text?.textContent).toBe('请 @周七 和 @… 看看');
  });

  it('offers the space’s people after @ and sends the one picked as <@id>', async () => {
    const { server } = setup();
    const box = await screen.findByPlaceholderText('写下你的评论…');
    await userEvent.type(box, '请 @周');
    await userEvent.click(await screen.findByText('周七（好友）'));
    await userEvent.type(box, '看看');
    await userEvent.click(screen.getByRole('button', { name: '发送' }));
    await waitFor(() =>
      expect(server.find('POST', '/api/v2/space/page/p1/comment')[0]?.body).toMatchObject({
        content: '请 <@7> 看看',
      }),
    );
  });

  it('sends a reply with the parent id', async () => {
    const { server } = setup();
    const first = (await screen.findByText('这一段写得很清楚')).closest(
      '.page-comment-main',
    ) as HTMLElement;
    const actions = first.querySelector(':scope > .page-comment-actions') as HTMLElement;
    await userEvent.click(within(actions).getByRole('button', { name: '回复' }));
    await userEvent.type(screen.getByPlaceholderText('回复 林小书…'), '同意');
    await userEvent.click(within(first).getByRole('button', { name: '发送' }));
    await waitFor(() =>
      expect(server.find('POST', '/api/v2/space/page/p1/comment')[0]?.body).toEqual({
        content: '同意',
        parentId: 'c1',
      }),
    );
  });
});
