import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TemplateCreation, TemplateDetail, TemplateSummary } from '@library/contract';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { createFakeServer, type RecordedRequest } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { TemplateGalleryDialog } from './TemplateGalleryDialog';

const spaceId = '7a1f3c1e-0000-4000-8000-000000000001';
const topicId = '7a1f3c1e-0000-4000-8000-000000000002';
const spaceTemplateId = '7a1f3c1e-0000-4000-8000-000000000003';
const creationId = '7a1f3c1e-0000-4000-8000-000000000004';
const newTopicId = '7a1f3c1e-0000-4000-8000-000000000005';
const newPageId = '7a1f3c1e-0000-4000-8000-000000000006';

const text = (value: string) => [{ type: 'text', text: value, styles: {} }];

const meetingNotes: TemplateSummary = {
  templateId: 'meeting-notes',
  scope: 'starter',
  spaceId: null,
  kind: 'page',
  name: '会议纪要',
  description: '记录会议的议题、讨论、决定和待办。',
  cover: '📝',
  pageCount: 1,
  updatedAt: null,
};

const projectTemplate: TemplateSummary = {
  templateId: spaceTemplateId,
  scope: 'space',
  spaceId,
  kind: 'topic',
  name: '项目模板',
  description: '计划与会议',
  cover: '🗂️',
  pageCount: 2,
  updatedAt: '2025-03-01T08:00:00.000Z',
};

function start(creation: 'page' | 'topic') {
  const creations: TemplateCreation[] = [
    {
      creationId,
      state: 'pending',
      spaceId,
      kind: 'topic',
      nodeId: null,
      errorCode: null,
    },
    { creationId, state: 'done', spaceId, kind: 'topic', nodeId: newTopicId, errorCode: null },
  ];
  const server = createFakeServer({
    'GET /api/v1/template/starter': { list: [meetingNotes] },
    'GET /api/v1/template/starter/meeting-notes': {
      ...meetingNotes,
      root: {
        type: 'page',
        name: '会议纪要',
        avatar: '📝',
        blocks: [
          {
            id: 'h',
            type: 'heading',
            props: { level: 2 },
            content: text('会议议题'),
            children: [],
          },
          {
            id: 't',
            type: 'table',
            content: {
              type: 'tableContent',
              rows: [{ cells: [{ type: 'tableCell', content: text('事项') }] }],
            },
          },
          { id: 'c', type: 'checkListItem', props: { checked: false }, content: text('待办一') },
        ],
      },
    } satisfies TemplateDetail,
    'GET /api/v1/template': (request: RecordedRequest) =>
      request.query.get('scope') === 'space' && request.query.get('spaceId') === spaceId
        ? { body: { list: [projectTemplate] } }
        : { body: { list: [] } },
    [`GET /api/v1/template/${spaceTemplateId}`]: {
      ...projectTemplate,
      root: {
        type: 'topic',
        name: '项目 A',
        children: [
          { type: 'page', name: '计划', avatar: null, blocks: [] },
          { type: 'topic', name: '会议', children: [] },
        ],
      },
    } satisfies TemplateDetail,
    'POST /api/v1/template/starter/meeting-notes/use': {
      creationId: null,
      state: 'done',
      spaceId,
      kind: 'page',
      nodeId: newPageId,
      errorCode: null,
    } satisfies TemplateCreation,
    [`POST /api/v1/template/${spaceTemplateId}/use`]: creations[0],
    [`GET /api/v1/template/creation/${creationId}`]: creations[1],
  });
  configureApiClient({ fetch: server.fetch, getToken: () => 'tok' });
  const onCreated = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(
    <TemplateGalleryDialog
      open
      spaceId={spaceId}
      parentId={creation === 'topic' ? topicId : null}
      onClose={onClose}
      onCreated={onCreated}
    />,
  );
  return { server, onCreated, onClose };
}

describe('template gallery dialog', () => {
  beforeEach(() => {
    queryClient.clear();
    useSessionStore.setState({ token: 'tok' });
  });
  afterEach(() => resetApiClient());

  it('shows the starters as cards, previews one and makes a page from it', async () => {
    const user = userEvent.setup();
    const { server, onCreated, onClose } = start('page');
    const dialog = await screen.findByRole('dialog');
    const card = await within(dialog).findByRole('option', { name: /会议纪要/ });
    expect(card.textContent).toContain('记录会议的议题');
    expect(card.textContent).toContain('📝');

    await user.click(card);
    const preview = await within(dialog).findByTestId('template-preview');
    expect(within(preview).getByRole('heading', { name: '会议议题' })).toBeTruthy();
    expect(within(preview).getByRole('table').textContent).toContain('事项');
    expect(within(preview).getByRole('checkbox')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: '使用此模板' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(onCreated.mock.calls[0]?.[0]).toMatchObject({ kind: 'page', nodeId: newPageId });
    expect(onClose).toHaveBeenCalled();
    expect(server.find('POST', '/api/v1/template/starter/meeting-notes/use')[0]?.body).toEqual({
      spaceId,
      parentId: null,
    });
  });

  it('lists this space’s templates and follows a topic creation until it is done', async () => {
    const user = userEvent.setup();
    const { server, onCreated } = start('topic');
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('tab', { name: '本空间模板' }));
    const card = await within(dialog).findByRole('option', { name: /项目模板/ });
    expect(card.textContent).toContain('2 个页面');
    await user.click(card);
    const preview = await within(dialog).findByTestId('template-preview');
    expect(preview.textContent).toContain('项目 A');
    expect(preview.textContent).toContain('计划');

    await user.click(within(dialog).getByRole('button', { name: '使用此模板' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(onCreated.mock.calls[0]?.[0]).toMatchObject({ state: 'done', nodeId: newTopicId });
    expect(server.find('POST', `/api/v1/template/${spaceTemplateId}/use`)[0]?.body).toEqual({
      spaceId,
      parentId: topicId,
    });
    expect(server.find('GET', `/api/v1/template/creation/${creationId}`)).toHaveLength(1);
  });

  it('says so when this space has no templates', async () => {
    const user = userEvent.setup();
    start('page');
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('tab', { name: '系统模板' }));
    expect(await within(dialog).findByText('还没有模板')).toBeTruthy();
  });
});
