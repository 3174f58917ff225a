// What the note module adds to the app: quick notes.
import type { Database } from '../../db/database.js';
import type { App } from '../../http/route-types.js';
import { registerNoteRoutes } from './note.routes.js';

export function registerNoteModule(app: App, deps: { db: Database }) {
  registerNoteRoutes(app, deps);
}
