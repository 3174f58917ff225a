// The login module's front door: what the app and other modules may use of it.
export { registerLoginModule } from './login.module.js';
