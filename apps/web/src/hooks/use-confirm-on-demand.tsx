import { useCallback, useEffect, useRef, type ReactNode, type RefObject } from 'react';
import type { ModalFuncProps } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';
import type ModalModule from 'antd/es/modal';
import { useOnDemand } from './use-on-demand';

const loadModal = () => import('antd/es/modal').then((module) => module.default);

/**
 * antd's `Modal.useModal().confirm`, with antd's Modal loaded at the first confirmation rather
 * than with the screen (the sidebar is on every logged-in first load; Modal is about 10 kB of
 * gzip). `[confirm, holder]`: place the holder as `Modal.useModal`'s is placed.
 */
export function useConfirmOnDemand(): [(config: ModalFuncProps) => void, ReactNode] {
  const [Modal, askModal] = useOnDemand(loadModal);
  const api = useRef<HookAPI | null>(null);
  const pending = useRef<ModalFuncProps[]>([]);
  const confirm = useCallback(
    (config: ModalFuncProps) => {
      if (api.current) void api.current.confirm(config);
      else {
        pending.current.push(config);
        askModal();
      }
    },
    [askModal],
  );
  const holder = Modal ? <ConfirmHolder Modal={Modal} api={api} pending={pending} /> : null;
  return [confirm, holder];
}

function ConfirmHolder({
  Modal,
  api,
  pending,
}: {
  Modal: typeof ModalModule;
  api: RefObject<HookAPI | null>;
  pending: RefObject<ModalFuncProps[]>;
}) {
  const [modal, holder] = Modal.useModal();
  useEffect(() => {
    api.current = modal;
    for (const config of pending.current.splice(0)) void modal.confirm(config);
  }, [api, pending, modal]);
  return holder;
}
