// What the user module adds to the app: account settings and avatars.
import type { Database } from '../../db/database.js';
import type { App } from '../../http/route-types.js';
import type { AvatarStore } from './avatar.store.js';
import { registerUserRoutes } from './user.routes.js';

export function registerUserModule(app: App, deps: { db: Database; avatars: AvatarStore }) {
  registerUserRoutes(app, deps);
}
