// The audit module's front door: what the app and other modules may use of it.
export { listSpaceAudit, recordAudit, type AuditEntryInput } from './audit.service.js';
export {
  describeReport,
  verifyAuditChain,
  type AuditChainProblem,
  type AuditChainReport,
} from './audit.verify.js';
export { registerAuditModule } from './audit.module.js';
