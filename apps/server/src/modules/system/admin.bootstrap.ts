// On an empty database the first administrator is created from ADMIN_ACCOUNT / ADMIN_PASSWORD;
// without them a random password is generated and printed once: in the log and, through
// `announce`, as a banner that main.ts prints after the "ready on" line so it is not lost in
// the build output.
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Role } from '@library/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { countUsers, grantRole } from '../user/index.js';
import { createUser } from '../user/index.js';

function randomPassword() {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  return Array.from(crypto.randomBytes(14), (byte) => alphabet[byte % alphabet.length]).join('');
}

/** The first-run banner, in Chinese and English; ruled above and below only, since CJK
 * characters are two columns wide and a right-hand border would not line up. */
export function firstAdminBanner(account: string, password: string) {
  const rule = '='.repeat(64);
  return [
    '',
    rule,
    '  首次启动：已创建管理员 / First start: administrator created',
    '',
    `  管理员账号 / Account:   ${account}`,
    `  密码 / Password:        ${password}`,
    '',
    '  密码只显示这一次，登录后请立即修改。',
    '  This password is shown only once: change it after logging in.',
    rule,
    '',
  ].join('\n');
}

export async function ensureFirstAdmin(
  db: Database,
  config: Pick<Config, 'adminAccount' | 'adminPassword'>,
  log: FastifyBaseLogger,
  announce: (banner: string) => void = () => {},
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
    announce(firstAdminBanner(loginAs, password));
  }
  return admin;
}
