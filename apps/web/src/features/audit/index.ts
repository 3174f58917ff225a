// The audit feature's public entry: a space's rows for its settings (loaded lazily; the /sys
// screen is a route of its own).
import { lazy } from 'react';

export const SpaceAuditPanel = lazy(() =>
  import('./components/SpaceAuditPanel').then((m) => ({ default: m.SpaceAuditPanel })),
);
