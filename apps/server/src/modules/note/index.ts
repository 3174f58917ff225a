// The note module's front door: what the app and other modules may use of it.
export { registerNoteModule } from './note.module.js';
