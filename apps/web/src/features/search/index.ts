export { SearchLauncher } from './components/SearchLauncher';
