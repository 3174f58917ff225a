// The app's own toast system (spec §4, §9): five types, six placements, 3000 ms by default
// (0 never closes), grouped repeats counted instead of stacked, new toasts ignored at the
// maximum count. Callable from anywhere (the API client uses it), rendered by <ToastViewport>.
import { create } from 'zustand';
import { limits } from '@library/contract';

export const toastTypes = ['primary', 'success', 'warning', 'error', 'info'] as const;
export type ToastType = (typeof toastTypes)[number];

export const toastPlacements = [
  'top',
  'top-left',
  'top-right',
  'bottom',
  'bottom-left',
  'bottom-right',
] as const;
export type ToastPlacement = (typeof toastPlacements)[number];

export interface ToastOptions {
  message: string;
  type?: ToastType;
  /** ms before it closes by itself; 0 keeps it until closed */
  duration?: number;
  placement?: ToastPlacement;
  /** an identical toast (same type and text) already shown counts up instead of stacking */
  grouping?: boolean;
  showClose?: boolean;
  /** one button in the toast (e.g. 'undo'); clicking it runs `onClick` and closes the toast */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface Toast {
  id: number;
  message: string;
  type: ToastType;
  duration: number;
  placement: ToastPlacement;
  grouping: boolean;
  showClose: boolean;
  action?: ToastAction;
  /** how many times this toast was shown; > 1 shows a counter */
  repeatNum: number;
}

export const defaultMaxToasts = 5;

interface ToastState {
  toasts: Toast[];
  maxCount: number;
  offset: number;
}

export const useToastStore = create<ToastState>(() => ({
  toasts: [],
  maxCount: defaultMaxToasts,
  offset: limits.toastOffsetPx,
}));

let nextId = 1;

/** Shows a toast; answers its id, or null when it was ignored because the maximum is reached. */
function show(options: ToastOptions): number | null {
  const type = options.type ?? 'info';
  const grouping = options.grouping ?? false;
  const { toasts, maxCount } = useToastStore.getState();

  if (grouping) {
    const twin = toasts.find(
      (existing) =>
        existing.grouping && existing.type === type && existing.message === options.message,
    );
    if (twin) {
      useToastStore.setState({
        toasts: toasts.map((existing) =>
          existing.id === twin.id ? { ...existing, repeatNum: existing.repeatNum + 1 } : existing,
        ),
      });
      return twin.id;
    }
  }
  if (toasts.length >= maxCount) return null;

  const toast: Toast = {
    id: nextId++,
    message: options.message,
    type,
    duration: options.duration ?? limits.toastDurationMs,
    placement: options.placement ?? 'top',
    grouping,
    showClose: options.showClose ?? false,
    ...(options.action ? { action: options.action } : {}),
    repeatNum: 1,
  };
  useToastStore.setState({ toasts: [...toasts, toast] });
  return toast.id;
}

function close(id: number): void {
  useToastStore.setState((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
}

function closeNewest(): void {
  const { toasts } = useToastStore.getState();
  const newest = toasts[toasts.length - 1];
  if (newest) close(newest.id);
}

function closeAll(): void {
  useToastStore.setState({ toasts: [] });
}

function configure(settings: { maxCount?: number; offset?: number }): void {
  useToastStore.setState((state) => ({
    maxCount: settings.maxCount ?? state.maxCount,
    offset: settings.offset ?? state.offset,
  }));
}

type TypedShow = (
  message: string,
  options?: Omit<ToastOptions, 'message' | 'type'>,
) => number | null;

function typed(type: ToastType): TypedShow {
  return (message, options) => show({ ...options, message, type });
}

export const toast = {
  show,
  primary: typed('primary'),
  success: typed('success'),
  warning: typed('warning'),
  error: typed('error'),
  info: typed('info'),
  close,
  closeNewest,
  closeAll,
  configure,
};
