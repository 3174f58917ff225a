// The tabs feature's public entry: the space view's tab bar and the hook that keeps a context's
// tabs in step with the route.
export { TabBar } from './components/TabBar';
export { useContextTabs } from './hooks/use-context-tabs';
