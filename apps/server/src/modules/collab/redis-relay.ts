// Document updates and awareness between instances through Redis (REDIS_URL), with Hocuspocus's
// own extension: each open page document subscribes to a Redis channel, and what an editor changes
// reaches the editors of other instances in a Redis round trip or two. The page's log stays the
// durable record and its announcements a catch-up path; applying an update twice changes nothing.
import { Redis as RedisExtension } from '@hocuspocus/extension-redis';
import {
  OutgoingMessage,
  type afterLoadDocumentPayload,
  type afterUnloadDocumentPayload,
  type beforeBroadcastStatelessPayload,
  type onAwarenessUpdatePayload,
  type onChangePayload,
} from '@hocuspocus/server';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

class PageRelay extends RedisExtension {
  constructor(
    url: string,
    private readonly log: FastifyBaseLogger,
  ) {
    super({
      prefix: 'library-page',
      createClient: () => {
        // a command fails after one reconnect attempt rather than waiting in a queue
        const client = new Redis(url, { connectTimeout: 1000, maxRetriesPerRequest: 1 });
        client.on('error', (error: Error) => log.warn({ err: error }, 'redis relay unavailable'));
        return client;
      },
    });
    // The extension answers other instances without waiting for the answer to go out: a publish
    // failing there would be a rejection nobody hears, which ends the process.
    const pub = this.pub as Redis;
    const publish = pub.publish.bind(pub) as (channel: string, message: Buffer) => Promise<number>;
    Object.assign(pub, {
      publish(channel: string, message: Buffer) {
        const sent = publish(channel, message);
        sent.catch(() => undefined);
        return sent;
      },
    });
  }

  private relay(what: string, work: Promise<unknown>) {
    work.catch((error: unknown) =>
      this.log.warn({ err: error }, `redis relay: ${what} not relayed (the log catches up)`),
    );
  }

  // The extension's hooks wait for Redis and throw when it fails; in Hocuspocus's chain that would
  // hold back and then skip the hooks after it, the logging of the update among them. Relaying is
  // best effort: the log carries every update anyway.
  override async afterLoadDocument(data: afterLoadDocumentPayload) {
    this.relay('subscribing', super.afterLoadDocument(data));
  }

  override async onChange(data: onChangePayload) {
    this.relay('an update', super.onChange(data));
  }

  override async onAwarenessUpdate(data: onAwarenessUpdatePayload) {
    if (data.document.getConnectionsCount() > 0) {
      this.relay('awareness', super.onAwarenessUpdate(data));
    } else if (data.removed.length > 0) {
      // The extension says nothing once no editor is left here, but the hook runs after the last
      // one's connection is gone: without this their caret would stay on the other instances'
      // pages until it expires (30 s).
      const message = new OutgoingMessage(data.documentName).createAwarenessUpdateMessage(
        data.awareness,
        data.removed,
      );
      this.relay(
        'a departure',
        this.pub.publish(
          `${this.configuration.prefix}:${data.documentName}`,
          Buffer.concat([this.messagePrefix, Buffer.from(message.toUint8Array())]),
        ),
      );
    }
    return undefined;
  }

  override async beforeBroadcastStateless(data: beforeBroadcastStatelessPayload) {
    this.relay('a stateless message', super.beforeBroadcastStateless(data));
    return 0;
  }

  // The extension takes a Redis lock around saving and stops the chain of the instance that does
  // not get it. Saving here derives the draft's rows, under the page's own row lock and the same
  // from any instance holding the document: skipping it would leave the rows behind the document.
  override async onStoreDocument() {}

  override async afterStoreDocument() {}

  // Documents closed while the app shuts down unload after the Redis connections are gone: there
  // is nothing left to unsubscribe from.
  private destroyed = false;

  override async afterUnloadDocument(data: afterUnloadDocumentPayload) {
    if (!this.destroyed) await super.afterUnloadDocument(data);
  }

  override async onDestroy() {
    this.destroyed = true;
    await super.onDestroy();
  }
}

export type { PageRelay };

export function createRedisRelay(url: string, log: FastifyBaseLogger): PageRelay {
  return new PageRelay(url, log);
}
