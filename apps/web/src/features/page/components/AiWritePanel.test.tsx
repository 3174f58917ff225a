import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Block } from '@library/contract';
import { goodsForSaleKey } from '../../../lib/goods-for-sale';
import { queryClient } from '../../../lib/query-client';
import { renderWithProviders } from '../../../test/render';
import {
  createFakeAiServer,
  event,
  sseBody,
  sseStream,
  type FakeAnswer,
  type FakeRequest,
} from '../../../test/fake-ai-server';
import type { Placement } from '../lib/ai-write';
import { AiWritePanel } from './AiWritePanel';

const defaultProps = { textColor: 'default', backgroundColor: 'default', textAlignment: 'left' };
const paragraph = (id: string, value: string): Block => ({
  id,
  type: 'paragraph',
  props: defaultProps,
  content: [{ type: 'text', text: value, styles: {} }],
  children: [],
});

// the two paragraphs the writer selected in a page about the knowledge base's migration
const selection: Block[] = [
  paragraph('p-reason', '旧系统的搜索经常找不到文档，大家只好在群里问来问去，效率很低。'),
  paragraph('p-plan', '所以我们决定在九月底之前把所有空间迁移到新的知识库。'),
];
const pageBlocks: Block[] = [
  {
    id: 'h-title',
    type: 'heading',
    props: { ...defaultProps, level: 1, isToggleable: false },
    content: [{ type: 'text', text: '知识库迁移计划', styles: {} }],
    children: [],
  },
  ...selection,
];

const writePath = '/api/v1/ai/write';
const delta = (piece: string) => event({ code: 0, data: { delta: piece }, msg: '' });
const final = (blocks: Block[]) => event({ code: 0, data: { blocks }, msg: 'ok' });

function renderPanel(
  write: (request: FakeRequest) => FakeAnswer,
  options: { modelUnavailable?: string; selection?: Block[]; changed?: boolean } = {},
) {
  const server = createFakeAiServer({ [`POST ${writePath}`]: write });
  vi.stubGlobal('fetch', server.fetch);
  const onAccept = vi.fn<(placement: Placement, blocks: Block[]) => void>();
  const onClose = vi.fn<() => void>();
  renderWithProviders(
    <AiWritePanel
      pageId="pg-migration"
      locale="zh_CN"
      theme="light"
      target={{ selection: options.selection ?? selection, page: () => pageBlocks }}
      modelUnavailable={options.modelUnavailable ?? null}
      top={120}
      changedSince={() => options.changed ?? false}
      onAccept={onAccept}
      onClose={onClose}
    />,
  );
  const writes = () => server.find('POST', writePath);
  return { server, writes, onAccept, onClose };
}

const promptBox = () => screen.getByRole('textbox', { name: '让 AI 帮你写…（回车发送）' });
const followUpBox = () =>
  screen.getByRole('textbox', { name: '继续提要求，例如“再短一些”（回车）' });

afterEach(() => vi.unstubAllGlobals());

describe('the AI panel in the editor', () => {
  it('润色 sends the selection, streams the draft, draws the suggestion and replaces with it', async () => {
    const body = sseBody();
    const { writes, onAccept } = renderPanel(() => ({ stream: body.stream }));
    expect(document.activeElement).toBe(promptBox());

    await userEvent.click(screen.getByRole('option', { name: '润色' }));
    await vi.waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.body).toStrictEqual({
      pageId: 'pg-migration',
      action: 'polish',
      blocks: selection,
      language: 'zh_CN',
    });
    expect(screen.getByText('AI 正在写…')).toBeTruthy();
    expect(screen.getByRole('button', { name: '停止' })).toBeTruthy();

    act(() => body.send(delta('旧系统检索效率低下，')));
    expect(await screen.findByText('旧系统检索效率低下，')).toBeTruthy();
    act(() => body.send(delta('同事们常常要在群里反复询问。')));
    expect(
      await screen.findByText('旧系统检索效率低下，同事们常常要在群里反复询问。'),
    ).toBeTruthy();

    const suggestion = [
      paragraph('s1', '旧系统检索效率低下，同事们常常要在群里反复询问。'),
      paragraph('s2', '因此，我们计划于九月底前将全部空间迁移至新知识库。'),
    ];
    act(() => {
      body.send(final(suggestion));
      body.close();
    });
    expect(
      await screen.findByText('因此，我们计划于九月底前将全部空间迁移至新知识库。'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: '停止' })).toBeNull();
    expect(screen.queryByRole('button', { name: '插入' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: '替换' }));
    expect(onAccept).toHaveBeenCalledTimes(1);
    expect(onAccept).toHaveBeenCalledWith(
      { kind: 'replace', ids: ['p-reason', 'p-plan'] },
      suggestion,
    );
  });

  it('a free prompt that matches no entry is sent as a custom instruction on Enter', async () => {
    const { writes } = renderPanel(() => ({ stream: sseBody().stream }));
    await userEvent.type(promptBox(), '改写成给客户的通知');
    expect(screen.queryByRole('option', { name: '润色' })).toBeNull();
    expect(screen.getByRole('option', { name: '让 AI：改写成给客户的通知' })).toBeTruthy();

    await userEvent.keyboard('{Enter}');
    await vi.waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.body).toStrictEqual({
      pageId: 'pg-migration',
      action: 'custom',
      blocks: selection,
      instruction: '改写成给客户的通知',
      language: 'zh_CN',
    });
  });

  it('typing filters the menu, and the arrow keys and Enter run the highlighted entry', async () => {
    const { writes } = renderPanel(() => ({ stream: sseBody().stream }));
    await userEvent.type(promptBox(), '语气');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '改为正式语气',
      '改为亲切语气',
    ]);
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: '改为亲切语气', selected: true })).toBeTruthy();
    await userEvent.keyboard('{Enter}');
    await vi.waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.body).toMatchObject({ action: 'tone', instruction: 'friendly' });
  });

  it('续写 is inserted after the selection, and Ctrl+Enter accepts it', async () => {
    const continued = [paragraph('c1', '迁移期间旧系统保持只读，十月起正式下线。')];
    const { writes, onAccept } = renderPanel(() => ({
      stream: sseStream([delta('迁移期间旧系统保持只读，'), final(continued)]),
    }));
    await userEvent.click(screen.getByRole('option', { name: '续写' }));
    expect(await screen.findByText('迁移期间旧系统保持只读，十月起正式下线。')).toBeTruthy();
    expect(writes()[0]?.body).toMatchObject({ action: 'continue', blocks: selection });
    expect(screen.getByRole('button', { name: '插入' })).toBeTruthy();

    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(onAccept).toHaveBeenCalledWith({ kind: 'after', id: 'p-plan' }, continued);
  });

  it('总结全文 reads the whole page, not just the selection', async () => {
    const { writes } = renderPanel(() => ({ stream: sseBody().stream }));
    await userEvent.click(screen.getByRole('option', { name: '总结全文' }));
    await vi.waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.body).toMatchObject({ action: 'summarize', blocks: pageBlocks });
  });

  it('停止 aborts the request and says it stopped; 重试 asks the same again', async () => {
    const bodies = [sseBody(), sseBody()];
    let served = 0;
    const { writes } = renderPanel(() => ({ stream: bodies[served++]!.stream }));
    await userEvent.click(screen.getByRole('option', { name: '精简' }));
    await vi.waitFor(() => expect(writes()).toHaveLength(1));
    const signal = writes()[0]?.signal;
    expect(signal?.aborted).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: '停止' }));
    expect(signal?.aborted).toBe(true);
    expect(await screen.findByText('已停止。可以重试或放弃。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '替换' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    await vi.waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()[1]?.body).toStrictEqual(writes()[0]?.body);
    expect(writes()[1]?.body).toMatchObject({ action: 'shorter', blocks: selection });
    expect(writes()[1]?.signal?.aborted).toBe(false);
    expect(screen.getByText('AI 正在写…')).toBeTruthy();
  });

  it('停止 after part of the draft came keeps that part on screen', async () => {
    const body = sseBody();
    const { writes } = renderPanel(() => ({ stream: body.stream }));
    await userEvent.click(screen.getByRole('option', { name: '扩写' }));
    act(() => body.send(delta('新知识库支持全文检索、权限控制和版本历史，')));
    await screen.findByText('新知识库支持全文检索、权限控制和版本历史，');

    await userEvent.click(screen.getByRole('button', { name: '停止' }));
    expect(writes()[0]?.signal?.aborted).toBe(true);
    expect(await screen.findByRole('button', { name: '重试' })).toBeTruthy();
    expect(screen.getByText('新知识库支持全文检索、权限控制和版本历史，')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '替换' })).toBeNull();
  });

  it('Esc while writing stops rather than closes', async () => {
    const { writes, onClose } = renderPanel(() => ({ stream: sseBody().stream }));
    await userEvent.click(screen.getByRole('option', { name: '修正错别字和语法' }));
    await vi.waitFor(() => expect(writes()).toHaveLength(1));
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByText('已停止。可以重试或放弃。')).toBeTruthy();
    expect(writes()[0]?.signal?.aborted).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a failure event shows its message, and 放弃 closes the panel', async () => {
    const { onClose, onAccept } = renderPanel(() => ({
      stream: sseStream([
        delta('旧系统'),
        event({ code: 700113, data: null, msg: '本月 AI 写作次数已用完' }),
      ]),
    }));
    await userEvent.click(screen.getByRole('option', { name: '润色' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('本月 AI 写作次数已用完');
    expect(alert.textContent).toContain('700113');
    expect(screen.queryByRole('button', { name: '替换' })).toBeNull();
    // nothing for sale (a fresh install): no way to upgrade is offered
    expect(within(alert).queryByRole('button', { name: '升级' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: '放弃' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onAccept).not.toHaveBeenCalled();
  });

  it('the monthly limit refused before streaming offers the plans when goods are for sale', async () => {
    queryClient.setQueryData(goodsForSaleKey, true);
    renderPanel(() => ({
      status: 403,
      body: { code: 700113, data: null, msg: '本月 AI 写作次数已用完' },
    }));
    await userEvent.click(screen.getByRole('option', { name: '润色' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('本月 AI 写作次数已用完');
    expect(within(alert).getByRole('button', { name: '升级' })).toBeTruthy();
    queryClient.removeQueries({ queryKey: goodsForSaleKey });
  });

  it('without a model only the script conversions run, and the panel says why', async () => {
    const noModel =
      '尚未配置语言模型：系统管理员可在“系统管理 → 模型配置”中配置。简繁转换不受影响。';
    const converted = [
      paragraph('p-reason', '舊系統的搜尋經常找不到文件，大家只好在群組裡問來問去，效率很低。'),
      paragraph('p-plan', '所以我們決定在九月底之前把所有空間遷移到新的知識庫。'),
    ];
    const { writes, onAccept } = renderPanel(() => ({ stream: sseStream([final(converted)]) }), {
      modelUnavailable: noModel,
    });
    expect(screen.getByRole('note').textContent).toBe(noModel);
    const polish = screen.getByRole('option', { name: '润色' });
    expect(polish.getAttribute('aria-disabled')).toBe('true');
    expect(
      screen.getByRole('option', { name: '转为繁體（台湾用语）' }).getAttribute('aria-disabled'),
    ).toBe('false');

    await userEvent.click(polish);
    await userEvent.type(promptBox(), '写一封邮件{Enter}');
    expect(writes()).toHaveLength(0);
    expect(screen.getByRole('listbox')).toBeTruthy();

    await userEvent.clear(promptBox());
    await userEvent.click(screen.getByRole('option', { name: '转为繁體（台湾用语）' }));
    expect(
      await screen.findByText('所以我們決定在九月底之前把所有空間遷移到新的知識庫。'),
    ).toBeTruthy();
    expect(writes()).toHaveLength(1);
    expect(writes()[0]?.body).toStrictEqual({
      pageId: 'pg-migration',
      action: 'toTraditional',
      blocks: selection,
      language: 'zh_CN',
    });
    // a conversion is not refined by a model
    expect(
      screen.queryByRole('textbox', { name: '继续提要求，例如“再短一些”（回车）' }),
    ).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: '替换' }));
    expect(onAccept).toHaveBeenCalledWith(
      { kind: 'update', ids: ['p-reason', 'p-plan'] },
      converted,
    );
  });

  it('when the text changed meanwhile, accepting asks: insert below, or replace anyway', async () => {
    const polished = [paragraph('s-1', '旧系统搜索不准，大家只能在群里反复询问，效率很低。')];
    const { onAccept } = renderPanel(() => ({ stream: sseStream([final(polished)]) }), {
      changed: true,
    });
    await userEvent.click(screen.getByRole('option', { name: '润色' }));
    await userEvent.click(await screen.findByRole('button', { name: '替换' }));
    expect(onAccept).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('原文被修改了');

    await userEvent.click(screen.getByRole('button', { name: '插入到下方' }));
    const [placement, blocks] = onAccept.mock.calls[0]!;
    expect(placement).toEqual({ kind: 'after', id: selection[selection.length - 1]!.id });
    // new blocks beside the edited ones: the editor gives them ids of their own
    expect(blocks[0]).not.toHaveProperty('id');
    expect(JSON.stringify(blocks)).toContain('旧系统搜索不准');
  });

  it('a follow-up refines the suggestion, and accepting still replaces the original blocks', async () => {
    const first = [
      paragraph('s1', '旧系统检索效率低下，同事们常常要在群里反复询问，沟通成本很高。'),
      paragraph('s2', '因此，我们计划于九月底前将全部空间迁移至新知识库。'),
    ];
    const shorter = [paragraph('s3', '旧系统难以检索，九月底前我们将全部迁移至新知识库。')];
    const answers = [first, shorter];
    const { writes, onAccept } = renderPanel(() => ({
      stream: sseStream([final(answers.shift() ?? [])]),
    }));
    await userEvent.click(screen.getByRole('option', { name: '润色' }));
    await screen.findByText('因此，我们计划于九月底前将全部空间迁移至新知识库。');

    await userEvent.type(followUpBox(), '再短一些{Enter}');
    expect(
      await screen.findByText('旧系统难以检索，九月底前我们将全部迁移至新知识库。'),
    ).toBeTruthy();
    expect(writes()).toHaveLength(2);
    expect(writes()[1]?.body).toStrictEqual({
      pageId: 'pg-migration',
      action: 'custom',
      blocks: first,
      instruction: '再短一些',
      language: 'zh_CN',
    });
    expect((followUpBox() as HTMLInputElement).value).toBe('');

    await userEvent.click(screen.getByRole('button', { name: '替换' }));
    expect(onAccept).toHaveBeenCalledWith(
      { kind: 'replace', ids: ['p-reason', 'p-plan'] },
      shorter,
    );
  });

  it('Esc in the menu closes the panel without asking anything', async () => {
    const { writes, onClose } = renderPanel(() => ({ stream: sseBody().stream }));
    await userEvent.type(promptBox(), '翻译');
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(writes()).toHaveLength(0);
  });
});
