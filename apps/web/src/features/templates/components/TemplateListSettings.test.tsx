import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TemplateSummary } from '@library/contract';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { createFakeServer } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { TemplateListSettings } from './TemplateListSettings';

const spaceId = '7a1f3c1e-0000-4000-8000-000000000001';
const templateId = '7a1f3c1e-0000-4000-8000-000000000003';

const template: TemplateSummary = {
  templateId,
  scope: 'space',
  spaceId,
  kind: 'topic',
  name: '项目模板',
  description: '计划与会议',
  cover: '🗂️',
  pageCount: 2,
  updatedAt: '2025-03-01T08:00:00.000Z',
};

describe('a space’s template list', () => {
  beforeEach(() => {
    queryClient.clear();
    useSessionStore.setState({ token: 'tok' });
  });
  afterEach(() => resetApiClient());

  it('edits a template, and says a template in use cannot be deleted', async () => {
    const user = userEvent.setup();
    const server = createFakeServer({
      'GET /api/v1/template': { list: [template] },
      [`PUT /api/v1/template/${templateId}`]: { ...template, name: '新项目模板', root: null },
      [`DELETE /api/v1/template/${templateId}`]: () => ({
        status: 409,
        body: { code: 700012, data: null, msg: '模板正在使用中，无法删除' },
      }),
    });
    const shown: string[] = [];
    configureApiClient({
      fetch: server.fetch,
      getToken: () => 'tok',
      onError: (message) => shown.push(message),
    });
    renderWithProviders(<TemplateListSettings spaceId={spaceId} />);
    expect(await screen.findByText('项目模板')).toBeTruthy();
    expect(screen.getByText('专题')).toBeTruthy();
    expect(server.find('GET', '/api/v1/template')[0]?.query.get('spaceId')).toBe(spaceId);

    await user.click(screen.getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑模板' });
    const name = within(dialog).getByLabelText('模板名称');
    await user.clear(name);
    await user.type(name, '新项目模板');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(server.find('PUT', `/api/v1/template/${templateId}`)[0]?.body).toEqual({
        name: '新项目模板',
        description: '计划与会议',
        cover: '🗂️',
      }),
    );

    await user.click(screen.getByRole('button', { name: '删除' }));
    expect((await screen.findAllByText(/删除模板“/)).length).toBeGreaterThan(0);
    const deletes = screen.getAllByRole('button', { name: '删除' });
    await user.click(deletes[deletes.length - 1]!);
    // the API client's error toast, in the reader's language (the catalogue's 700012)
    await waitFor(() => expect(shown).toEqual(['模板正在使用中，无法删除']));
    expect(server.find('DELETE', `/api/v1/template/${templateId}`)).toHaveLength(1);
  });
});
