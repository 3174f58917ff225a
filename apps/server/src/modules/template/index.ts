// The template module's front door: what the app and other modules may use of it.
export { registerTemplateModule } from './template.module.js';
