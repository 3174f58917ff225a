// The page feature's public entry: the page screen, drawn inside the phone's open space view.
// The screen is large (its editor loads lazily on its own): import this entry only where a page
// is drawn.
export { PageScreen } from './components/PageScreen';
