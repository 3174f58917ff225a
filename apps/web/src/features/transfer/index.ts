// The transfer feature's public entry: the import/export dialog and what opens it.
export { TransferDialog } from './components/TransferDialog';
export { openTransfer, type TransferTarget } from './stores/transfer-store';
