export { toast, useToastStore } from './toast-store';
export type { Toast, ToastAction, ToastOptions, ToastPlacement, ToastType } from './toast-store';
export { ToastViewport } from './ToastViewport';
