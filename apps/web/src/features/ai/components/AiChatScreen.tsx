// `/space/:spaceId/ai` and `/open-space/:spaceId/ai` (desktop, the always-last tab of the space
// view): the conversation list beside the active conversation. Conversations belong to a user,
// so an anonymous visitor is asked to log in first.
import { Button, Result, Skeleton } from 'antd';
import { RobotOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { askToLogIn } from '../../auth';
import { useSessionStore } from '../../../stores/session-store';
import { memberPathOf } from '../../../config/space-hrefs';
import { useSpaceAi } from '../api/get-space-ai';
import { useConversationStore } from '../hooks/use-conversation-store';
import { ChatThread } from './ChatThread';
import { ConversationList } from './ConversationList';
import './ai.css';

export function AiChatScreen() {
  const { spaceId = '' } = useParams();
  const loggedIn = useSessionStore((state) => state.token !== null);
  if (!loggedIn) return <LogInToAsk />;
  return <AiChat key={spaceId} spaceId={spaceId} />;
}

function LogInToAsk() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Result
      icon={<RobotOutlined />}
      title={t('ai.visitorTitle')}
      subTitle={t('ai.visitorHint')}
      extra={
        <Button type="primary" onClick={() => askToLogIn(memberPathOf(pathname))}>
          {t('ai.visitorLogIn')}
        </Button>
      }
    />
  );
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
