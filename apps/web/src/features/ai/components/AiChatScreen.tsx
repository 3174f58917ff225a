// `/space/:spaceId/ai` (desktop, the always-last tab of the space view): the conversation list
// beside the active conversation.
import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSpaceAi } from '../api/get-space-ai';
import { useConversationStore } from '../hooks/use-conversation-store';
import { ChatThread } from './ChatThread';
import { ConversationList } from './ConversationList';
import './ai.css';

export function AiChatScreen() {
  const { spaceId = '' } = useParams();
  return <AiChat key={spaceId} spaceId={spaceId} />;
}

function AiChat({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation();
  const detail = useSpaceAi(spaceId);
  const store = useConversationStore(detail.data);

  if (detail.isPending) {
    return <Skeleton active paragraph={{ rows: 8 }} className="ai-chat-skeleton" />;
  }
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
  return (
    <div className="ai-chat">
      <ConversationList store={store} />
      <ChatThread store={store} detail={detail.data} layout="desktop" />
    </div>
  );
}
