// On an empty database the first administrator is created from ADMIN_ACCOUNT / ADMIN_PASSWORD;
// without them a random password is generated and printed once.
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Role } from '@library/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { countUsers, grantRole } from '../user/user.repo.js';
import { createUser } from '../user/user.service.js';

function randomPassword() {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  return Array.from(crypto.randomBytes(14), (byte) => alphabet[byte % alphabet.length]).join('');
}

export async function ensureFirstAdmin(
  db: Database,
  config: Pick<Config, 'adminAccount' | 'adminPassword'>,
  log: FastifyBaseLogger,
) {
  if ((await countUsers(db)) > 0) return undefined;
  const account = config.adminAccount;
  const password = config.adminPassword ?? randomPassword();
  const admin = await db.transaction(async (tx) => {
    const user = await createUser(tx, {
      mobile: account && !account.includes('@') ? account : undefined,
      email: account?.includes('@') ? account : undefined,
      password,
      nickname: '管理员',
    });
    await grantRole(tx, user.id, Role.admin);
    return user;
  });
  const loginAs = account ?? String(admin.id);
  if (config.adminPassword) {
    log.info(`Created the first administrator: account ${loginAs}`);
  } else {
    // Printed once, on purpose: nobody else knows this password.
    log.warn(
      `Created the first administrator: account ${loginAs}, password ${password} (change it after logging in)`,
    );
  }
  return admin;
}
