// The share feature's public entry: the share dialog (page, topic and space menus) and a space's
// share list (its settings). Both load lazily.
import { lazy } from 'react';

export type { ShareTarget } from './components/ShareDialog';
export const ShareDialog = lazy(() =>
  import('./components/ShareDialog').then((m) => ({ default: m.ShareDialog })),
);
export const SpaceShareSettings = lazy(() =>
  import('./components/SpaceShareSettings').then((m) => ({ default: m.SpaceShareSettings })),
);
