// The transfer module's front door: what the app and other modules may use of it.
export { registerTransferModule } from './transfer.module.js';
