// The active conversation: notices (AI off, offline answerer), its messages, and the question
// box — Enter sends, Shift+Enter is a new line (and Enter while an input method is composing
// Chinese only confirms the characters), Esc stops the answer being written.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Button, Empty, Input, Result, Spin } from 'antd';
import { RobotOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { aiQuestionMax, type SpaceAiDetail } from '@library/contract';
import { useConversations } from '../hooks/use-conversation-store';
import { useOpenReference, type ReferenceLayout } from '../hooks/use-open-reference';
import type { ConversationStore } from '../stores/conversation-store';
import { AiDisabledNotice } from './AiDisabledNotice';
import { ChatMessage } from './ChatMessage';
import { FileReferencePreview } from './FileReferencePreview';

interface ChatThreadProps {
  store: ConversationStore;
  detail: SpaceAiDetail;
  layout: ReferenceLayout;
}

export function ChatThread({ store, detail, layout }: ChatThreadProps) {
  const { t } = useTranslation();
  const active = useConversations(store, (s) =>
    s.activeId ? s.conversations.find((c) => c.id === s.activeId) : undefined,
  );
  const streamingId = useConversations(store, (s) => s.streamingId);
  const listStatus = useConversations(store, (s) => s.listStatus);
  const actions = store.getState();
  const { open, previewFileId, closePreview } = useOpenReference(layout);
  const [draft, setDraft] = useState('');
  const scroller = useRef<HTMLDivElement>(null);
  const streaming = streamingId !== null;

  // Follow the answer as it grows, unless the reader scrolled up to read something else.
  const messages = active?.messages;
  const lastContent = messages?.at(-1)?.content;
  const stuckToBottom = useRef(true);
  useEffect(() => {
    const element = scroller.current;
    if (element && stuckToBottom.current) element.scrollTop = element.scrollHeight;
  }, [messages?.length, lastContent, active?.id]);
  const handleScroll = () => {
    const element = scroller.current;
    if (!element) return;
    stuckToBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 48;
  };

  const handleSend = () => {
    if (!draft.trim() || streaming) return;
    const question = draft;
    setDraft('');
    stuckToBottom.current = true;
    void actions.send(question);
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      handleSend();
    }
  };
  const handleEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && streaming) {
      event.preventDefault();
      actions.stop();
    }
  };

  let body: React.ReactNode;
  if (!active) {
    body =
      listStatus === 'loading' ? (
        <Spin className="ai-thread-spin" />
      ) : (
        <Result
          icon={<RobotOutlined className="ai-empty-icon" />}
          title={t('ai.title')}
          subTitle={t('ai.selectConversation')}
          extra={
            <Button type="primary" onClick={() => void actions.create()}>
              {t('ai.newConversation')}
            </Button>
          }
        />
      );
  } else if (active.history === 'loading') {
    body = (
      <Spin className="ai-thread-spin" tip={t('ai.historyLoading')}>
        <div />
      </Spin>
    );
  } else if (active.history === 'failed') {
    body = (
      <Result
        status="warning"
        title={t('ai.notices.historyFailed')}
        extra={<Button onClick={() => actions.select(active.id)}>{t('ai.historyRetry')}</Button>}
      />
    );
  } else if (active.messages.length === 0) {
    body = <Empty description={t('ai.selectConversation')} />;
  } else {
    body = active.messages.map((message) => (
      <ChatMessage
        key={message.id}
        message={message}
        busy={streaming}
        onRetry={(id) => void actions.retry(id)}
        onOpenReference={open}
      />
    ));
  }

  return (
    <section
      className="ai-thread"
      onKeyDown={handleEscape}
      aria-label={active?.title ?? t('ai.title')}
    >
      {!detail.chat ? (
        <AiDisabledNotice detail={detail} />
      ) : !detail.model.configured ? (
        <Alert type="info" showIcon className="ai-model-note" title={t('ai.offlineNote')} />
      ) : null}
      <div className="ai-messages" ref={scroller} onScroll={handleScroll}>
        {body}
      </div>
      <div className="ai-composer">
        <Input.TextArea
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={handleKeyDown}
          placeholder={t('ai.placeholder')}
          aria-label={t('ai.placeholder')}
          autoSize={{ minRows: 1, maxRows: 6 }}
          maxLength={aiQuestionMax}
        />
        {streaming ? (
          <Button
            icon={<StopOutlined />}
            onClick={() => actions.stop()}
            title={t('ai.stopHint')}
            danger
          >
            {t('ai.stop')}
          </Button>
        ) : (
          <Button
            type="primary"
            icon={<SendOutlined />}
            onClick={handleSend}
            disabled={!draft.trim()}
          >
            {t('ai.send')}
          </Button>
        )}
      </div>
      <FileReferencePreview fileId={previewFileId} onClose={closePreview} />
    </section>
  );
}
