import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Block } from '@library/contract';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { createFakeServer, type RecordedRequest } from '../../../test/fake-server';
import { savePageBlocks } from '../api/save-page-blocks';
import { PageSaver, type SaveState } from './page-saver';

const path = '/api/v2/space/page/p1/block';
const block = (id: string, text = id): Block => ({
  id,
  type: 'paragraph',
  props: {},
  content: [{ type: 'text', text, styles: {} }],
  children: [],
});

interface SaveBody {
  baseRevision: number;
  changes: Array<{ op: string; blockId: string }>;
}

function setup(answer: (request: RecordedRequest) => { status?: number; body: unknown }) {
  const server = createFakeServer({ [`PUT ${path}`]: answer });
  configureApiClient({ fetch: server.fetch });
  const states: SaveState[] = [];
  const saver = new PageSaver({
    save: (revision, changes) => savePageBlocks('p1', revision, changes),
    onChange: (state) => states.push(state),
  });
  saver.load([block('a'), block('b')], 3);
  const bodies = () => server.find('PUT', path).map((request) => request.body as SaveBody);
  return { saver, states, bodies };
}

let revision = 3;
const ok = () => ({ body: { revision: ++revision } });
const conflict = () => ({
  status: 409,
  body: { code: 100006, data: { revision: 9 }, msg: 'conflict' },
});

beforeEach(() => {
  vi.useFakeTimers();
  revision = 3;
});
afterEach(() => {
  vi.useRealTimers();
  resetApiClient();
});

describe('PageSaver', () => {
  it("reads the editor's blocks only when it saves, not on every keystroke", async () => {
    const { saver, bodies } = setup(ok);
    let reads = 0;
    const typed = (text: string) => () => {
      reads += 1;
      return [block('a', text), block('b')];
    };
    saver.edit(typed('你'));
    saver.edit(typed('你好'));
    saver.edit(typed('你好吗'));
    expect(reads).toBe(0);
    await vi.advanceTimersByTimeAsync(1100);
    expect(reads).toBe(1);
    expect(bodies()[0]?.changes).toEqual([
      { op: 'upsert', blockId: 'a', data: block('a', '你好吗'), afterBlockId: null },
    ]);
    expect(saver.saveState).toBe('saved');
  });

  it('autosaves once, a second after typing stops, with only the changed block', async () => {
    const { saver, states, bodies } = setup(ok);
    saver.edit([block('a', '你'), block('b')]);
    await vi.advanceTimersByTimeAsync(600);
    saver.edit([block('a', '你好'), block('b')]);
    await vi.advanceTimersByTimeAsync(900);
    expect(bodies()).toHaveLength(0);
    expect(saver.saveState).toBe('dirty');
    await vi.advanceTimersByTimeAsync(200);
    expect(bodies()).toEqual([
      {
        baseRevision: 3,
        changes: [{ op: 'upsert', blockId: 'a', data: block('a', '你好'), afterBlockId: null }],
      },
    ]);
    expect(states).toEqual(['dirty', 'saving', 'saved']);
    expect(saver.baseRevision).toBe(4);
  });

  it('saves at once on Ctrl+S and bases the next save on the new revision', async () => {
    const { saver, bodies } = setup(ok);
    saver.edit([block('a'), block('b'), block('c')]);
    await saver.saveNow();
    expect(bodies()[0]?.baseRevision).toBe(3);
    saver.edit([block('a'), block('c')]);
    await saver.saveNow();
    expect(bodies()[1]).toEqual({ baseRevision: 4, changes: [{ op: 'delete', blockId: 'b' }] });
    expect(saver.saveState).toBe('saved');
  });

  it('sends nothing when nothing changed', async () => {
    const { saver, bodies } = setup(ok);
    saver.edit([block('a'), block('b')]);
    await saver.saveNow();
    expect(bodies()).toHaveLength(0);
    expect(saver.saveState).toBe('saved');
  });

  it('keeps the edits after a failure and sends them again on retry', async () => {
    let fail = true;
    const { saver, states, bodies } = setup(() =>
      fail ? { status: 500, body: { code: 500, data: null, msg: 'boom' } } : ok(),
    );
    saver.edit([block('a', '改')]);
    await saver.saveNow();
    expect(saver.saveState).toBe('failed');
    fail = false;
    await saver.saveNow();
    expect(states).toEqual(['dirty', 'saving', 'failed', 'saving', 'saved']);
    expect(bodies()[1]).toEqual(bodies()[0]);
  });

  it('stops autosaving on 409 until the user keeps their version as a full replace', async () => {
    let answer: () => { status?: number; body: unknown } = conflict;
    const { saver, bodies } = setup(() => answer());
    saver.edit([block('a', '我的')]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(saver.saveState).toBe('conflict');
    saver.edit([block('a', '我的，还在写')]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(bodies()).toHaveLength(1);
    expect(saver.document).toEqual([block('a', '我的，还在写')]);

    answer = ok;
    await saver.keepMine([block('a', '别人的'), block('z')], 9);
    expect(bodies()[1]).toEqual({
      baseRevision: 9,
      changes: [
        { op: 'delete', blockId: 'z' },
        { op: 'upsert', blockId: 'a', data: block('a', '我的，还在写'), afterBlockId: null },
      ],
    });
    expect(saver.saveState).toBe('saved');
  });

  it('takes the server version by loading it', async () => {
    const { saver } = setup(conflict);
    saver.edit([block('a', 'x')]);
    await saver.saveNow();
    saver.load([block('s')], 9);
    expect(saver.saveState).toBe('saved');
    expect(saver.hasUnsavedChanges()).toBe(false);
  });

  it('saves typing that arrived during a save right after it', async () => {
    const { saver, bodies } = setup(ok);
    saver.edit([block('a', '1')]);
    const first = saver.saveNow();
    saver.edit([block('a', '12')]);
    await first;
    expect(saver.saveState).toBe('dirty');
    await vi.advanceTimersByTimeAsync(1000);
    expect(bodies()).toHaveLength(2);
    expect(bodies()[1]?.baseRevision).toBe(4);
    expect(saver.saveState).toBe('saved');
  });
});

describe('PageSaver.rebase', () => {
  it('takes the editor form of loaded blocks so an untouched block is never sent', async () => {
    const { saver, bodies } = setup(ok);
    const normalised = [
      { ...block('a'), props: { textAlignment: 'left' } },
      { ...block('b'), props: { textAlignment: 'left' } },
      block('trailing', ''),
    ];
    saver.rebase(normalised);
    const edited = normalised.map((b) => (b.id === 'b' ? { ...b, content: [] } : b));
    saver.edit(edited);
    await saver.saveNow();
    expect(bodies()[0]?.changes).toEqual([
      { op: 'upsert', blockId: 'b', data: edited[1], afterBlockId: 'a' },
      { op: 'upsert', blockId: 'trailing', data: block('trailing', ''), afterBlockId: 'b' },
    ]);
  });
});

describe('PageSaver.rebase with a reader', () => {
  it('reads the editor form only when a save needs it, as the editor first loaded it', async () => {
    const { saver, bodies } = setup(ok);
    let reads = 0;
    const normalised = [
      { ...block('a'), props: { textAlignment: 'left' } },
      { ...block('b'), props: { textAlignment: 'left' } },
    ];
    saver.rebase(() => {
      reads += 1;
      return normalised;
    });
    expect(reads).toBe(0);
    const edited = [normalised[0]!, { ...normalised[1]!, content: [] }];
    saver.edit(() => edited);
    await saver.saveNow();
    expect(reads).toBe(1);
    expect(bodies()[0]?.changes).toEqual([
      { op: 'upsert', blockId: 'b', data: edited[1], afterBlockId: 'a' },
    ]);
  });

  it('answers the editor form as the document until the user edits', () => {
    const { saver } = setup(ok);
    const normalised = [{ ...block('a'), props: { textAlignment: 'left' } }];
    saver.rebase(() => normalised);
    expect(saver.document).toBe(normalised);
  });
});
