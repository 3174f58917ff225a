// The page feature's public entry: the page screen, drawn inside the phone's page views, and the
// page's details (their title bars name the page). The screen is large (its editor loads lazily
// on its own): import this entry only where a page is drawn.
export { PageScreen } from './components/PageScreen';
export { usePage } from './api/get-page';
// the share viewer draws a shared page read-only with its comments
export { StaticPage } from './components/StaticPage';
export { CommentTree } from './components/CommentTree';
