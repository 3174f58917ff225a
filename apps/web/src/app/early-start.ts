// Start-up work that need not wait for the screens' code: with a saved login, the session
// (user, roles, spaces) and the app shell's code are asked for at once, and on a page's address
// the page and its blocks too. Without this each waited for the code of the screen before it:
// the route's chunks, then the guard, then the shell, then the page, then its blocks.
import { matchPath } from 'react-router';
import { paths } from '../config/paths';
import { loadSession } from '../features/auth/session';
import { getToken } from '../stores/session-store';
import { prefetchPage } from '../features/page/api/get-page';
import { prefetchPageBlocks } from '../features/page/api/get-page-blocks';
import { preloadAppShell } from './RootLayout';

const pagePaths = [paths.spacePage.path, paths.spaceMobilePage.path];

export function startEarly(pathname = window.location.pathname): void {
  if (!getToken()) return;
  // the guard would start the same load on its first render (the load is shared)
  void loadSession();
  preloadAppShell();
  for (const pattern of pagePaths) {
    const pageId = matchPath(pattern, pathname)?.params['pageId'];
    if (pageId) {
      prefetchPage(pageId);
      prefetchPageBlocks(pageId);
      return;
    }
  }
}
