// The home module's front door: what the app may use of it.
export { registerHomeModule } from './home.module.js';
