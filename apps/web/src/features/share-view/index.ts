// The share viewer's public entry: `/s/:token`, loaded lazily by the route table.
export { ShareScreen } from './components/ShareScreen';
