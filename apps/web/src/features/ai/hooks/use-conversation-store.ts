// One conversation store per chat screen: fed with the space's AI detail (a changed detail
// resets it, spec §4), its notices shown as error toasts (spec §8), destroyed with the screen so
// nothing keeps streaming into a screen that is gone.
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { useTranslation } from 'react-i18next';
import type { SpaceAiDetail } from '@library/contract';
import { toast } from '../../../components/toast';
import { translate } from '../../../lib/i18n';
import {
  createConversationStore,
  type ConversationState,
  type ConversationStore,
} from '../stores/conversation-store';

export function useConversationStore(
  detail: SpaceAiDetail | undefined,
  activate?: string,
): ConversationStore {
  const { t } = useTranslation();
  const [store] = useState(() =>
    createConversationStore({
      defaultTitle: t('ai.defaultTitle'),
      greeting: t('ai.greeting'),
      notify: (notice) => {
        toast.error(translate(`ai.notices.${notice}`), { showClose: true, grouping: true });
      },
    }),
  );
  useEffect(() => () => store.getState().destroy(), [store]);
  useEffect(() => {
    if (detail) store.getState().setDetail(detail, activate);
    // `activate` only matters for the first load; the route's later changes select directly
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [detail, store]);
  return store;
}

export function useConversations<T>(
  store: ConversationStore,
  selector: (state: ConversationState) => T,
): T {
  return useStore(store, selector);
}
