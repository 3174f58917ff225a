// Personal access keys: read-only keys a user makes in account settings for MCP
// clients, each scoped to chosen spaces. Only the SHA-256 of a key is stored; the key itself is
// shown once, when it is made.
import { bigint, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { spaces } from './spaces.js';
import { users } from './users.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const accessKeys = pgTable(
  'access_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** hex SHA-256 of the key (32 random bytes after the `lbk_` prefix) */
    tokenHash: text('token_hash').notNull().unique(),
    /** the key's first characters, to tell keys apart in the list */
    hint: text('hint').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    /** written at most once a minute */
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
  },
  (table) => [index('access_keys_user_idx').on(table.userId, table.createdAt)],
);

/** The spaces a key may read (what its user may read there, never more). */
export const accessKeySpaces = pgTable(
  'access_key_spaces',
  {
    keyId: uuid('key_id')
      .notNull()
      .references(() => accessKeys.id, { onDelete: 'cascade' }),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.keyId, table.spaceId] })],
);
