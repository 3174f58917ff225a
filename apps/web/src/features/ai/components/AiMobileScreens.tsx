// Mobile AI chat: `/space-mobile/:spaceId/ai` is the conversation list and
// `/space-mobile/:spaceId/ai/:conversationId` one conversation. Both live under one layout that
// owns the conversation store, so going back to the list leaves an answer streaming.
import { useEffect } from 'react';
import { Alert, Button, Result, Skeleton, Typography } from 'antd';
import { LeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate, useOutletContext, useParams } from 'react-router';
import type { SpaceAiDetail } from '@library/contract';
import { paths } from '../../../config/paths';
import { useSpaceAi } from '../api/get-space-ai';
import { useConversations, useConversationStore } from '../hooks/use-conversation-store';
import type { ConversationStore } from '../stores/conversation-store';
import { AiDisabledNotice } from './AiDisabledNotice';
import { ChatThread } from './ChatThread';
import { ConversationList } from './ConversationList';
import './ai.css';

interface MobileChatContext {
  spaceId: string;
  store: ConversationStore;
  detail: SpaceAiDetail;
}

export function AiMobileLayout() {
  const { spaceId = '' } = useParams();
  return <AiMobile key={spaceId} spaceId={spaceId} />;
}

function AiMobile({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation();
  const { conversationId } = useParams();
  const detail = useSpaceAi(spaceId);
  const store = useConversationStore(detail.data, conversationId);

  if (detail.isPending) return <Skeleton active paragraph={{ rows: 8 }} className="ai-mobile" />;
  if (!detail.data) {
    return (
      <Result
        status="warning"
        title={t('ai.detailFailed')}
        extra={
          <Button type="primary" onClick={() => void detail.refetch()}>
            {t('common.reload')}
          </Button>
        }
      />
    );
  }
  const context: MobileChatContext = { spaceId, store, detail: detail.data };
  return (
    <div className="ai-mobile">
      <Outlet context={context} />
    </div>
  );
}

function MobileHeader({
  back,
  backLabel,
  title,
}: {
  back: string;
  backLabel: string;
  title: string;
}) {
  return (
    <div className="ai-mobile-header">
      <Link to={back} aria-label={backLabel}>
        <Button type="text" icon={<LeftOutlined />} />
      </Link>
      <Typography.Title level={4} className="ai-mobile-title" ellipsis>
        {title}
      </Typography.Title>
    </div>
  );
}

export function AiMobileListScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { spaceId, store, detail } = useOutletContext<MobileChatContext>();
  const openChat = (id: string) => navigate(paths.spaceMobileChat.getHref(spaceId, id));
  return (
    <>
      <MobileHeader
        back={paths.spaceMobile.getHref(spaceId)}
        backLabel={t('spaces.backToSpaces')}
        title={t('ai.title')}
      />
      {!detail.chat ? (
        <AiDisabledNotice detail={detail} />
      ) : !detail.model.configured ? (
        <Alert type="info" showIcon className="ai-model-note" title={t('ai.offlineNote')} />
      ) : null}
      <ConversationList store={store} onOpen={openChat} onCreated={openChat} />
    </>
  );
}

export function AiMobileChatScreen() {
  const { t } = useTranslation();
  const { conversationId = '' } = useParams();
  const { spaceId, store, detail } = useOutletContext<MobileChatContext>();
  const listStatus = useConversations(store, (s) => s.listStatus);
  const conversation = useConversations(store, (s) =>
    s.conversations.find((c) => c.id === conversationId),
  );
  const activeId = useConversations(store, (s) => s.activeId);

  // The route names the conversation: make it the active one (loading its history).
  useEffect(() => {
    if (conversation && activeId !== conversationId) store.getState().select(conversationId);
  }, [conversation, activeId, conversationId, store]);

  const back = paths.spaceMobileAi.getHref(spaceId);
  if (!conversation) {
    if (detail.chat && (listStatus === 'loading' || listStatus === 'idle')) {
      return <Skeleton active paragraph={{ rows: 6 }} />;
    }
    return (
      <>
        <MobileHeader back={back} backLabel={t('ai.backToConversations')} title={t('ai.title')} />
        <Result status="404" title={t('ai.selectConversation')} />
      </>
    );
  }
  return (
    <div className="ai-mobile-chat">
      <MobileHeader
        back={back}
        backLabel={t('ai.backToConversations')}
        title={conversation.title}
      />
      <ChatThread store={store} detail={detail} layout="mobile" />
    </div>
  );
}
