// What the collaboration module adds to the app: the live editing socket at /api/v1/collab, on the
// API's own port. It starts listening for other instances' page updates when the app is ready
// and stops (logging every update it received) when the app closes.
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { App } from '../../http/route-types.js';
import { createCollabServer, type CollabServer } from './collab-server.js';

export function registerCollabModule(app: App, deps: { config: Config; database: DatabaseHandle }) {
  let collab: CollabServer | undefined;
  app.addHook('onReady', async () => {
    collab = await createCollabServer({
      database: deps.database,
      sessions: app.sessions,
      access: app.access,
      trustedOrigins: deps.config.trustedOrigins,
      log: app.log,
      redisUrl: deps.config.redisUrl,
    });
  });
  app.server.on('upgrade', (request, socket, head) => {
    if (!collab?.handleUpgrade(request, socket, head)) socket.destroy();
  });
  app.addHook('preClose', async () => {
    await collab?.close();
  });
}
