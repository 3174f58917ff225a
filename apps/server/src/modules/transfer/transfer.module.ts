// What the transfer module adds to the app: imports and exports, and their jobs.
import type { App } from '../../http/route-types.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import type { FileDeps } from '../file/index.js';
import type { TreeRowsShape } from '../tree/index.js';
import { registerTransferRoutes } from './transfer.routes.js';
import {
  expireTransferHandler,
  runTransferHandler,
  type TransferDeps,
} from './transfer.service.js';

export function registerTransferModule(
  app: App,
  deps: { files: FileDeps; treeRows: TreeRowsShape },
) {
  const transfers: TransferDeps = { ...deps.files, treeRows: deps.treeRows };
  registerTransferRoutes(app, transfers);
  app.jobs.handle(Job.runTransfer, runTransferHandler(transfers));
  app.jobs.handle(Job.expireTransfer, expireTransferHandler(transfers));
}
