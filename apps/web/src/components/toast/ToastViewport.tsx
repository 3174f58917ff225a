import { useCallback, useEffect, useRef, type CSSProperties } from 'react';
import { theme } from 'antd';
import {
  BellFilled,
  CheckCircleFilled,
  CloseCircleFilled,
  CloseOutlined,
  ExclamationCircleFilled,
  InfoCircleFilled,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CountBadge } from '../CountBadge';
import {
  toast as toastApi,
  toastPlacements,
  useToastStore,
  type Toast,
  type ToastPlacement,
  type ToastType,
} from './toast-store';

const icons: Record<ToastType, typeof InfoCircleFilled> = {
  primary: BellFilled,
  success: CheckCircleFilled,
  warning: ExclamationCircleFilled,
  error: CloseCircleFilled,
  info: InfoCircleFilled,
};

function placementStyle(placement: ToastPlacement, offset: number): CSSProperties {
  const style: CSSProperties = {
    position: 'fixed',
    zIndex: 2100,
    display: 'flex',
    flexDirection: placement.startsWith('bottom') ? 'column-reverse' : 'column',
    gap: 8,
    pointerEvents: 'none',
    maxWidth: `calc(100vw - ${offset * 2}px)`,
  };
  if (placement.startsWith('top')) style.top = offset;
  else style.bottom = offset;
  if (placement.endsWith('-left')) {
    style.left = offset;
    style.alignItems = 'flex-start';
  } else if (placement.endsWith('-right')) {
    style.right = offset;
    style.alignItems = 'flex-end';
  } else {
    style.left = '50%';
    style.transform = 'translateX(-50%)';
    style.alignItems = 'center';
  }
  return style;
}

function isShown(element: HTMLElement): boolean {
  for (let node: HTMLElement | null = element; node; node = node.parentElement) {
    if (node.hidden || node.style.display === 'none') return false;
  }
  return true;
}

/** A modal dialog (antd Modal or Drawer) is on screen; it owns the Escape key then. */
function isModalOpen(): boolean {
  return Array.from(document.querySelectorAll<HTMLElement>('[aria-modal="true"]')).some(isShown);
}

/**
 * Renders every toast; Escape closes the newest one unless something else handled the key or an
 * open dialog will (antd closes dialogs from a window listener, which runs after this one).
 * Mounted once, at the app root.
 */
export function ToastViewport() {
  const toasts = useToastStore((state) => state.toasts);
  const offset = useToastStore((state) => state.offset);

  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return;
      if (useToastStore.getState().toasts.length === 0 || isModalOpen()) return;
      toastApi.closeNewest();
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, []);

  return (
    <>
      {toastPlacements.map((placement) => {
        const here = toasts.filter((item) => item.placement === placement);
        if (here.length === 0) return null;
        return (
          <div
            key={placement}
            className={`toast-stack toast-stack-${placement}`}
            style={placementStyle(placement, offset)}
          >
            {here.map((item) => (
              <ToastItem key={item.id} toast={item} />
            ))}
          </div>
        );
      })}
    </>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  // One close timer at a time; none while the pointer rests on the toast.
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const hovered = useRef(false);
  const { id, duration, repeatNum } = toast;

  const stopTimer = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  const startTimer = useCallback(() => {
    stopTimer();
    if (duration > 0) timer.current = setTimeout(() => toastApi.close(id), duration);
  }, [id, duration, stopTimer]);

  // Shown, or repeated (a grouped toast starts its time again, unless it is being hovered);
  // the cleanup also drops a timer the mouse started when the toast goes away.
  useEffect(() => {
    if (!hovered.current) startTimer();
    return stopTimer;
  }, [startTimer, stopTimer, repeatNum]);

  const handleMouseEnter = () => {
    hovered.current = true;
    stopTimer();
  };
  const handleMouseLeave = () => {
    hovered.current = false;
    startTimer();
  };

  const colors: Record<ToastType, string> = {
    primary: token.colorPrimary,
    success: token.colorSuccess,
    warning: token.colorWarning,
    error: token.colorError,
    info: token.colorTextSecondary,
  };
  const color = colors[toast.type];
  const Icon = icons[toast.type];
  const urgent = toast.type === 'error' || toast.type === 'warning';

  return (
    <div
      className={`toast toast-${toast.type}`}
      role={urgent ? 'alert' : 'status'}
      aria-live={urgent ? 'assertive' : 'polite'}
      onMouseEnter={handleMouseEnter}
      onMouseLeave={handleMouseLeave}
      style={{
        position: 'relative',
        pointerEvents: 'auto',
        display: 'flex',
        alignItems: 'center',
        gap: 10,
        minWidth: 220,
        maxWidth: 480,
        padding: '10px 14px',
        borderRadius: token.borderRadiusLG,
        background: token.colorBgElevated,
        color: token.colorText,
        boxShadow: token.boxShadowSecondary,
        borderLeft: `3px solid ${color}`,
        fontSize: token.fontSize,
        lineHeight: 1.5,
      }}
    >
      <Icon style={{ color, fontSize: 16, flex: 'none' }} aria-hidden />
      <span className="toast-message" style={{ flex: 1, wordBreak: 'break-word' }}>
        {toast.message}
      </span>
      {toast.action && (
        <button
          type="button"
          className="toast-action"
          onClick={() => {
            toast.action?.onClick();
            toastApi.close(id);
          }}
          style={{
            border: 'none',
            background: 'transparent',
            color: token.colorPrimary,
            cursor: 'pointer',
            padding: '2px 4px',
            fontSize: token.fontSize,
            fontWeight: 500,
          }}
        >
          {toast.action.label}
        </button>
      )}
      {toast.showClose && (
        <button
          type="button"
          className="toast-close"
          aria-label={t('common.close')}
          onClick={() => toastApi.close(id)}
          style={{
            border: 'none',
            background: 'transparent',
            color: token.colorTextTertiary,
            cursor: 'pointer',
            padding: 2,
            display: 'inline-flex',
          }}
        >
          <CloseOutlined />
        </button>
      )}
      {repeatNum > 1 && (
        <span
          className="toast-repeat"
          style={{ position: 'absolute', top: 0, right: 0, transform: 'translate(40%, -40%)' }}
        >
          <CountBadge count={repeatNum} />
        </span>
      )}
    </div>
  );
}
