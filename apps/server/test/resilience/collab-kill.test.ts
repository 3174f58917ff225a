// Live editing on two instances behind HAProxy, one killed with SIGKILL while 20 editors type into
// one page (each into a paragraph of its own, 5 keys a second): the editors on the killed
// instance reconnect through HAProxy to the survivor, every editor ends with the same document
// holding everything anyone typed (above all what the server had confirmed before the kill), and
// after both instances are restarted the page's log and its derived rows still hold it. Once with
// Redis relaying between the instances, once with PostgreSQL alone.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { blockText, connectCollab, typeInto, until, type CollabClient } from '../collab-clients.js';
import {
  startHaproxy,
  startInstance,
  startPostgres,
  startRedis,
  stopAll,
  tempDir,
  type Instance,
} from './harness.js';
import { call, createPage, createSpace, loginAdmin, must, paragraph } from './library-client.js';
import { report } from './report.js';

const editors = 20;
const keysPerSecond = 5;
const typingBeforeKillMs = 4000;
const typingAfterKillMs = 3000;
const keys = '甲乙丙丁戊己庚辛壬癸';

afterAll(() => stopAll());

interface Editor {
  client: CollabClient;
  blockId: string;
  /** the paragraph's text before typing */
  initial: string;
  typed: string;
  /** what the server had confirmed (no unsynced changes) when the instance was killed */
  confirmedAtKill: string;
  disconnects: number;
}

const textsOf = (blocks: Array<{ id: string; content: unknown }>) =>
  new Map(
    blocks.map((block) => [
      block.id,
      Array.isArray(block.content)
        ? block.content.map((part: { text?: string }) => part.text ?? '').join('')
        : '',
    ]),
  );

describe.each([{ relay: 'Redis' }, { relay: 'PostgreSQL' }])(
  'live editing on two instances behind HAProxy, one killed, through $relay',
  ({ relay }) => {
    it('every editor converges to one document holding everything confirmed, in the log and the rows after a restart', async () => {
      const postgres = await startPostgres();
      const env: Record<string, string> = {
        DATABASE_URL: postgres.url,
        DATA_DIR: tempDir('data'),
        PREVIEW_SECRET: 'resilience-preview-secret-0123456789abcdef',
      };
      if (relay === 'Redis') env.REDIS_URL = await startRedis();
      // one after the other: the first one migrates the empty database
      const instances: Instance[] = [await startInstance('a', env)];
      instances.push(await startInstance('b', env));
      const base = await startHaproxy(instances);
      const wsBase = base.replace(/^http/, 'ws');

      const token = await loginAdmin(base);
      const spaceId = await createSpace(base, token, '协同韧性');
      const pageId = await createPage(base, token, spaceId, '二十人同写');
      const blockIds = Array.from({ length: editors }, (_, i) => `p${i}`);
      await must(base, 'PUT', `/api/v2/space/page/${pageId}/block`, token, {
        json: {
          baseRevision: 0,
          changes: blockIds.map((id, i) => ({
            op: 'upsert',
            blockId: id,
            data: paragraph(id, `${i}:`),
          })),
        },
      });

      const people: Editor[] = blockIds.map((blockId, i) => {
        const client = connectCollab(wsBase, pageId, token);
        const editor: Editor = {
          client,
          blockId,
          initial: `${i}:`,
          typed: `${i}:`,
          confirmedAtKill: '',
          disconnects: 0,
        };
        client.provider.on('disconnect', () => (editor.disconnects += 1));
        return editor;
      });
      await Promise.all(people.map((editor) => editor.client.synced));

      // each editor types at the end of its own paragraph, keysPerSecond a second
      let keysTyped = 0;
      const timers = people.map((editor, i) => {
        const type = () => {
          const key = keys[keysTyped % keys.length]!;
          typeInto(editor.client.doc, editor.blockId, editor.typed.length, key);
          editor.typed += key;
          keysTyped += 1;
        };
        let timer: NodeJS.Timeout | undefined;
        const start = setTimeout(
          () => (timer = setInterval(type, 1000 / keysPerSecond)),
          (i * 1000) / keysPerSecond / editors,
        );
        return () => {
          clearTimeout(start);
          clearInterval(timer);
        };
      });

      await sleep(typingBeforeKillMs);
      for (const editor of people) {
        const text = blockText(editor.client.doc, editor.blockId) ?? '';
        editor.confirmedAtKill = editor.client.provider.hasUnsyncedChanges ? '' : text;
      }
      const [killed, survivor] = instances as [Instance, Instance];
      const killedAt = Date.now();
      await killed.kill('SIGKILL');
      await sleep(typingAfterKillMs);
      for (const stop of timers) stop();
      const keysAtStop = keysTyped;

      // every editor has every paragraph as its owner typed it, and nothing left to send
      const expected = new Map(people.map((editor) => [editor.blockId, editor.typed]));
      await until(
        () =>
          people.every(
            (editor) =>
              !editor.client.provider.hasUnsyncedChanges &&
              blockIds.every((id) => blockText(editor.client.doc, id) === expected.get(id)),
          ),
        30_000,
      );
      const convergedMs = Date.now() - killedAt;
      const reconnected = people.filter((editor) => editor.disconnects > 0).length;
      for (const editor of people) {
        expect(editor.typed.startsWith(editor.confirmedAtKill)).toBe(true);
      }

      // the last editor leaving derives the rows
      for (const editor of people) editor.client.destroy();
      const rows = async () => {
        const res = await call<{ blocks: Array<{ id: string; content: unknown }> }>(
          base,
          'GET',
          `/api/v2/space/page/${pageId}/block?version=0`,
          token,
        );
        return res.ok && res.data ? textsOf(res.data.blocks) : new Map<string, string>();
      };
      await until(async () => {
        const texts = await rows();
        return blockIds.every((id) => texts.get(id) === expected.get(id));
      }, 15_000);

      // both instances restarted: nothing held in memory any more
      await survivor.kill('SIGTERM');
      const restarted = [
        await startInstance('a', env, { port: killed.port }),
        await startInstance('b', env, { port: survivor.port }),
      ];
      await until(async () => (await call(base, 'GET', '/api/ready', null)).status === 200, 20_000);
      const fresh = connectCollab(wsBase, pageId, token);
      await fresh.synced;
      const fromLog = new Map(blockIds.map((id) => [id, blockText(fresh.doc, id)]));
      fresh.destroy();
      const afterRestart = await rows();
      for (const id of blockIds) {
        expect(fromLog.get(id)).toBe(expected.get(id));
        expect(afterRestart.get(id)).toBe(expected.get(id));
      }

      const receiverLogged = survivor.log.filter((line) =>
        line.includes('relayed updates never logged by their instance'),
      ).length;
      report(`live editing, one of two instances killed (${relay})`, {
        editors,
        keysTyped: keysAtStop,
        keysConfirmedAtKill: people.reduce(
          (sum, editor) => sum + Math.max(0, editor.confirmedAtKill.length - editor.initial.length),
          0,
        ),
        editorsReconnected: reconnected,
        convergedAfterKillMs: convergedMs,
        relayedUpdatesLoggedBySurvivor: receiverLogged,
      });
      for (const instance of restarted) await instance.kill('SIGTERM');
    });
  },
);
