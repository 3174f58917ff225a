// A notification channel heard on a PostgreSQL connection of its own, shared by every instance
// of the server: what one instance commits with `pg_notify(channel, payload)` reaches them all, in
// commit order. Besides the subscriber's payloads the channel carries the instances' own
// bookkeeping, which the subscriber never sees:
//   `alive:<instance>`          every few seconds: who is listening (and that we still hear)
//   `bye:<instance>`            no longer listening: not waited for
//   `mark:<instance>:<n>`       a marker: heard by its sender, all committed before it was heard
//   `sync:<instance>:<n>`       the same, and every instance answers it…
//   `ack:<instance>:<n>:<me>`   …once it has handled everything committed before it
import crypto from 'node:crypto';
import pg from 'pg';

/**
 * What a subscriber hears: each payload, and whether it may have missed some (`onDown`: the
 * listening connection broke or stopped hearing itself; `onUp`: listening again, from now on).
 */
export interface ChannelHandlers {
  onMessage(payload: string): void;
  onUp(): void;
  onDown(): void;
}

export interface ChannelSubscription {
  /** Resolves once every announcement committed before the call has reached this instance. */
  settled(): Promise<void>;
  /** …and every other instance listening on the channel (at most `syncTimeoutMs` of waiting). */
  settledEverywhere(): Promise<void>;
  close(): Promise<void>;
}

const aliveEveryMs = 3000;
/** an instance not heard for this long is no longer waited for */
const peerGoneMs = 10_000;
const syncTimeoutMs = 1500;
const reconnectMs = 1000;

export async function listenPostgres(
  url: string,
  channel: string,
  handlers: ChannelHandlers,
): Promise<ChannelSubscription> {
  const me = crypto.randomUUID();
  const peers = new Map<string, number>(); // instance → last heard (ms)
  const waiting = new Map<string, { pending: Set<string> | null; resolve: () => void }>();
  let counter = 0;
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let heardSelfAt = 0;

  // one statement at a time on the listening connection (pg deprecates overlapping queries on a
  // client): each send waits for the one before it, whatever became of that one
  let sending: Promise<unknown> = Promise.resolve();
  const send = (payload: string) => {
    const on = client;
    if (!on) return undefined;
    const sent = sending.then(() => on.query('select pg_notify($1, $2)', [channel, payload]));
    sending = sent.catch(() => undefined);
    return sent.then(() => undefined);
  };
  const releaseAll = () => {
    for (const wait of waiting.values()) wait.resolve();
    waiting.clear();
  };
  const finish = (key: string) => {
    waiting.get(key)?.resolve();
    waiting.delete(key);
  };

  const hear = (payload: string) => {
    const [kind, sender = '', n = '', from = ''] = payload.split(':');
    const now = Date.now();
    switch (kind) {
      case 'alive':
        // a newcomer learns of us at once rather than at our next heartbeat
        if (sender !== me && !peers.has(sender)) void send(`alive:${me}`)?.catch(() => undefined);
        peers.set(sender, now);
        if (sender === me) heardSelfAt = now;
        return;
      case 'bye':
        peers.delete(sender);
        for (const [key, wait] of waiting) {
          wait.pending?.delete(sender);
          if (wait.pending?.size === 0) finish(key);
        }
        return;
      case 'mark':
        if (sender === me) finish(`${sender}:${n}`);
        return;
      case 'sync':
        peers.set(sender, now);
        // everything committed before this marker has been handled above: say so
        void send(`ack:${sender}:${n}:${me}`)?.catch(() => undefined);
        return;
      case 'ack': {
        peers.set(from, now);
        const wait = waiting.get(`${sender}:${n}`);
        if (sender !== me || !wait?.pending) return;
        wait.pending.delete(from);
        if (wait.pending.size === 0) finish(`${sender}:${n}`);
        return;
      }
      default:
        handlers.onMessage(payload);
    }
  };

  const lost = (broken: pg.Client) => {
    if (client !== broken) return;
    client = null;
    handlers.onDown();
    releaseAll();
    broken.end().catch(() => undefined);
    if (!closed) retry = setTimeout(() => void connect(), reconnectMs);
  };
  const connect = async () => {
    const candidate = new pg.Client({
      connectionString: url,
      // named in pg_stat_activity; a connect that hangs must not stop the reconnecting
      application_name: 'library-listen',
      connectionTimeoutMillis: 5000,
    });
    candidate.on('notification', (message) => {
      if (message.channel === channel) hear(message.payload ?? '');
    });
    candidate.on('error', () => lost(candidate));
    candidate.on('end', () => lost(candidate));
    try {
      await candidate.connect();
      await candidate.query(`LISTEN "${channel}"`);
      client = candidate;
      heardSelfAt = Date.now();
      handlers.onUp();
      await send(`alive:${me}`);
    } catch {
      candidate.end().catch(() => undefined);
      if (!closed && client === null) retry = setTimeout(() => void connect(), reconnectMs);
    }
  };
  await connect();

  // Says it is alive, and checks that it hears itself: a connection that stopped delivering
  // without breaking must not leave the subscriber trusting what it kept.
  const heartbeat = setInterval(() => {
    const listening = client;
    if (!listening) return;
    if (Date.now() - heardSelfAt > aliveEveryMs * 2) lost(listening);
    else void send(`alive:${me}`)?.catch(() => undefined);
  }, aliveEveryMs);
  heartbeat.unref();

  async function marker(kind: 'mark' | 'sync') {
    if (!client) return;
    const key = `${me}:${++counter}`;
    const now = Date.now();
    const pending =
      kind === 'sync'
        ? new Set([...peers].filter(([, at]) => now - at < peerGoneMs).map(([peer]) => peer))
        : null;
    pending?.add(me);
    const done = new Promise<void>((resolve) => waiting.set(key, { pending, resolve }));
    const timeout = setTimeout(() => finish(key), syncTimeoutMs);
    try {
      await send(`${kind}:${key}`);
      await done;
    } catch {
      finish(key);
    } finally {
      clearTimeout(timeout);
    }
  }

  return {
    settled: () => marker('mark'),
    settledEverywhere: () => marker('sync'),
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      releaseAll();
      await send(`bye:${me}`)?.catch(() => undefined);
      const open = client;
      client = null;
      await open?.end().catch(() => undefined);
    },
  };
}
