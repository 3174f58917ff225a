// Drizzle queries of the system routes.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';

/** A round trip to the database: throws when it does not answer. */
export async function ping(db: Executor) {
  await db.execute(sql`select 1`);
}
