export { toast, useToastStore } from './toast-store';
export type { Toast, ToastOptions, ToastPlacement, ToastType } from './toast-store';
export { ToastViewport } from './ToastViewport';
