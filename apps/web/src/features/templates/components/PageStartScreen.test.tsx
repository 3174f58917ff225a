import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TemplateSummary } from '@library/contract';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { createFakeServer, type RecordedRequest } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { PageStartScreen } from './PageStartScreen';

const spaceId = '7a1f3c1e-0000-4000-8000-000000000001';
const pageId = '7a1f3c1e-0000-4000-8000-000000000002';
const weeklyId = '7a1f3c1e-0000-4000-8000-000000000003';
const projectId = '7a1f3c1e-0000-4000-8000-000000000004';

const summary = (fields: Partial<TemplateSummary> & Pick<TemplateSummary, 'templateId' | 'name'>) =>
  ({
    scope: 'starter',
    spaceId: null,
    kind: 'page',
    description: '说明',
    cover: '📝',
    pageCount: 1,
    updatedAt: null,
    ...fields,
  }) satisfies TemplateSummary;

const starters = ['会议纪要', '周报', '产品需求文档', '新人入职指南', '项目计划', '复盘'].map(
  (name, index) => summary({ templateId: `starter-${index}`, name }),
);
const spaceWeekly = summary({ templateId: weeklyId, name: '我们的周会', scope: 'space', spaceId });
const spaceProject = summary({
  templateId: projectId,
  name: '项目模板',
  scope: 'space',
  spaceId,
  kind: 'topic',
  pageCount: 3,
});

function start() {
  const server = createFakeServer({
    'GET /api/v1/template/starter': { list: starters },
    'GET /api/v1/template': (request: RecordedRequest) =>
      request.query.get('scope') === 'space'
        ? { body: { list: [spaceProject, spaceWeekly] } }
        : { body: { list: [] } },
    [`POST /api/v1/template/${weeklyId}/fill`]: { revision: 4 },
  });
  configureApiClient({ fetch: server.fetch, getToken: () => 'tok' });
  const onStartWriting = vi.fn();
  const onFilled = vi.fn();
  renderWithProviders(
    <PageStartScreen
      spaceId={spaceId}
      pageId={pageId}
      baseRevision={() => 3}
      onStartWriting={onStartWriting}
      onFilled={onFilled}
    />,
  );
  return { server, onStartWriting, onFilled };
}

describe('the start screen of an empty page', () => {
  beforeEach(() => {
    queryClient.clear();
    useSessionStore.setState({ token: 'tok' });
  });
  afterEach(() => resetApiClient());

  it('offers this space’s page templates first, then the starters, six at most', async () => {
    start();
    const list = await screen.findByRole('list');
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(6));
    const names = within(list)
      .getAllByRole('button')
      .map((card) => card.querySelector('.template-card-name')?.textContent);
    // a topic template makes a topic, not this page's content
    expect(names).toEqual([
      '我们的周会',
      '会议纪要',
      '周报',
      '产品需求文档',
      '新人入职指南',
      '项目计划',
    ]);
  });

  it('fills the page from the chosen template against the loaded revision', async () => {
    const user = userEvent.setup();
    const { server, onFilled } = start();
    await user.click(await screen.findByRole('button', { name: /我们的周会/ }));
    await waitFor(() => expect(onFilled).toHaveBeenCalledTimes(1));
    expect(server.find('POST', `/api/v1/template/${weeklyId}/fill`)[0]?.body).toEqual({
      pageId,
      baseRevision: 3,
    });
  });

  it('starts writing, or opens the gallery with page templates only', async () => {
    const user = userEvent.setup();
    const { onStartWriting } = start();
    await user.click(screen.getByRole('button', { name: /开始写作/ }));
    expect(onStartWriting).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: /更多模板/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('tab', { name: '本空间模板' }));
    expect(await within(dialog).findByRole('option', { name: /我们的周会/ })).toBeTruthy();
    expect(within(dialog).queryByRole('option', { name: /项目模板/ })).toBeNull();
  });
});
