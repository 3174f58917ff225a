// The recycle bin's public entry: the file library's 'restore' of a deleted file.
export { useRestoreRecycleItem } from './api/restore-recycle-item';
