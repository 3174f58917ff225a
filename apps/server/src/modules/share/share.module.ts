// What the share module adds to the app: share links and what their visitors read and ask.
import type { KeyCipher } from '../../infra/llm/key-cipher.js';
import type { App } from '../../http/route-types.js';
import type { FileDeps } from '../file/index.js';
import type { BlocksCache } from '../page/index.js';
import type { TreeRowsShape } from '../tree/index.js';
import type { GrantSigner } from './share.grant.js';
import { registerShareRoutes } from './share.routes.js';

export function registerShareModule(
  app: App,
  deps: {
    files: FileDeps;
    grants: GrantSigner;
    treeRows: TreeRowsShape;
    blocks: BlocksCache;
    cipher: KeyCipher;
    modelTimeoutMs: number;
  },
) {
  const { files, ...rest } = deps;
  registerShareRoutes(app, { ...files, ...rest });
}
