// The backup endpoint of a server on the embedded database (backup.endpoint.ts says why and who
// may call it): streams the archive of the running library. Not part of the public API: hidden
// from the OpenAPI document, answered like a missing route to anyone without the token or from
// another machine.
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@library/contract';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { App } from '../../http/route-types.js';
import { sendFile } from '../../http/send-file.js';
import { recordAudit } from '../audit/index.js';
import {
  backupTokenHeader,
  loopbackUrl,
  removeBackupEndpoint,
  writeBackupEndpoint,
} from './backup.endpoint.js';
import { writeBackup } from './backup.service.js';

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The connection comes from this machine (never the forwarded address a proxy claims). */
function fromThisMachine(request: FastifyRequest): boolean {
  const { remoteAddress, localAddress } = request.raw.socket;
  if (!remoteAddress) return false;
  return loopback.has(remoteAddress) || remoteAddress === localAddress;
}

function sameToken(given: unknown, token: string): boolean {
  if (typeof given !== 'string' || given.length !== token.length) return false;
  return crypto.timingSafeEqual(Buffer.from(given), Buffer.from(token));
}

export function registerBackupRoutes(
  app: App,
  deps: { database: DatabaseHandle; config: Config; version: string },
) {
  // on PostgreSQL `npm run backup` reaches the database itself (pg_dump)
  if (deps.database.kind !== 'pglite') return;
  const { config } = deps;
  const token = crypto.randomBytes(32).toString('hex');

  app.get(
    '/api/system/v1/backup',
    { config: { auth: 'none', rateLimit: false }, schema: { hide: true } },
    async (request, reply) => {
      if (!fromThisMachine(request) || !sameToken(request.headers[backupTokenHeader], token)) {
        throw new AppError(ErrorCode.dataMissing, { status: 404 });
      }
      // in the log before the copy starts (the copy holds the database; the archive has the row).
      // `npm run backup` on this machine is the caller: no account, the operator's shell.
      await recordAudit(deps.database.db, {
        actorId: null,
        action: 'system.backup',
        targetType: 'system',
        targetId: null,
        after: { by: 'server', appVersion: deps.version },
        address: request.ip,
        device: 'npm run backup',
      });
      const body = new PassThrough();
      const started = Date.now();
      writeBackup(
        { database: deps.database, databaseUrl: undefined, config, appVersion: deps.version },
        body,
      ).then(
        (manifest) =>
          request.log.info(
            `backup written: ${manifest.entries.length} entries in ${Date.now() - started} ms`,
          ),
        (error: unknown) => {
          request.log.error({ err: error }, 'backup failed');
          body.destroy(error as Error);
        },
      );
      return sendFile(
        reply,
        { mimeType: 'application/x-tar', body },
        { disposition: 'attachment' },
      );
    },
  );

  app.addHook('onListen', async () => {
    const address = app.server.address() as AddressInfo | null;
    if (!address || typeof address === 'string') return;
    writeBackupEndpoint(config.dataDir, { pid: process.pid, url: loopbackUrl(address), token });
  });
  app.addHook('onClose', async () => removeBackupEndpoint(config.dataDir, process.pid));
}
