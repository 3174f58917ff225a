// One message of a conversation: the question on the right; the answer on the left as safe
// Markdown with its references, copy and retry, a typing state while it streams, and on
// failure spec §8's apology with the technical details folded away and a retry button beside
// it. An answer that broke off midway (the connection closed: a server restarting, a network
// gone) says so instead of the apology, and keeps what had arrived.
import { Alert, Button, Collapse, Spin, Tag, Tooltip, Typography } from 'antd';
import {
  CopyOutlined,
  FileTextOutlined,
  PaperClipOutlined,
  RedoOutlined,
  RobotOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ReferDoc } from '@library/contract';
import { toast } from '../../../components/toast';
import { useFailureText } from '../hooks/use-failure-text';
import type { ChatMessage as Message } from '../lib/conversations';
import { AnswerMarkdown } from './AnswerMarkdown';

interface ChatMessageProps {
  message: Message;
  /** another answer is streaming: no retry meanwhile */
  busy: boolean;
  onRetry: (messageId: string) => void;
  onOpenReference: (doc: ReferDoc) => void;
}

export function ChatMessage({ message, busy, onRetry, onOpenReference }: ChatMessageProps) {
  const { t } = useTranslation();
  const failureText = useFailureText();

  if (message.isUser) {
    return (
      <div className="ai-message ai-message-user">
        <div className="ai-bubble ai-bubble-user">{message.content}</div>
      </div>
    );
  }

  const streaming = message.status === 'streaming';
  const docs = message.references.docs;
  const handleCopy = () => {
    void navigator.clipboard
      .writeText(message.content)
      .then(() => toast.success(t('ai.copied')))
      .catch(() => toast.error(t('ai.copyFailed')));
  };
  const handleCite = (index: number) => {
    const doc = docs.find((d) => d.index === index);
    if (doc) onOpenReference(doc);
  };

  return (
    <div className="ai-message ai-message-assistant" aria-busy={streaming}>
      <div className="ai-avatar" aria-hidden>
        <RobotOutlined />
      </div>
      <div className="ai-bubble ai-bubble-assistant">
        {streaming && !message.content ? (
          <span className="ai-thinking">
            <Spin size="small" /> {t('ai.thinking')}
          </span>
        ) : (
          <AnswerMarkdown content={message.content} onCite={handleCite} />
        )}
        {streaming && message.content ? <span className="ai-caret" aria-hidden /> : null}
        {message.status === 'failed' && message.failure ? (
          <Alert
            type="error"
            showIcon
            className="ai-failure"
            title={
              message.failure.kind === 'incomplete'
                ? t('ai.failure.cutOff')
                : t('ai.failure.apology')
            }
            action={
              message.question ? (
                <Button
                  size="small"
                  icon={<RedoOutlined />}
                  disabled={busy}
                  onClick={() => onRetry(message.id)}
                >
                  {t('ai.retry')}
                </Button>
              ) : null
            }
            description={
              <Collapse
                size="small"
                ghost
                items={[
                  {
                    key: 'details',
                    label: t('ai.failure.details'),
                    children: (
                      <Typography.Text code className="ai-failure-details">
                        {failureText(message.failure)}
                      </Typography.Text>
                    ),
                  },
                ]}
              />
            }
          />
        ) : null}
        {message.status === 'stopped' ? <Tag className="ai-stopped">{t('ai.stopped')}</Tag> : null}
        {docs.length > 0 ? <ReferenceList docs={docs} onOpen={onOpenReference} /> : null}
        {!message.isPrologue && !streaming ? (
          <div className="ai-message-actions">
            {message.content ? (
              <Tooltip title={t('ai.copy')}>
                <Button
                  type="text"
                  size="small"
                  icon={<CopyOutlined />}
                  aria-label={t('ai.copy')}
                  onClick={handleCopy}
                />
              </Tooltip>
            ) : null}
            {message.question ? (
              <Tooltip title={t('ai.retry')}>
                <Button
                  type="text"
                  size="small"
                  icon={<RedoOutlined />}
                  aria-label={t('ai.retry')}
                  disabled={busy}
                  onClick={() => onRetry(message.id)}
                />
              </Tooltip>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}

function ReferenceList({ docs, onOpen }: { docs: ReferDoc[]; onOpen: (doc: ReferDoc) => void }) {
  const { t } = useTranslation();
  return (
    <div className="ai-references">
      <div className="ai-references-title">{t('ai.references')}</div>
      <ol className="ai-reference-list">
        {docs.map((doc) => (
          <li key={`${doc.index}-${doc.blockId ?? doc.fileId ?? doc.pageId ?? ''}`}>
            <button
              type="button"
              className="ai-reference"
              aria-label={t('ai.openReference', { title: doc.title })}
              onClick={() => onOpen(doc)}
            >
              <span className="ai-reference-index">{doc.index}</span>
              {doc.sourceType === 'file' ? <PaperClipOutlined /> : <FileTextOutlined />}
              <span className="ai-reference-title">{doc.title}</span>
            </button>
            {doc.snippet ? (
              <Typography.Paragraph
                className="ai-reference-snippet"
                type="secondary"
                ellipsis={{ rows: 3, expandable: 'collapsible' }}
              >
                {doc.snippet}
              </Typography.Paragraph>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
