// "问 AI" in the share viewer: when the share allows AI questions, a drawer with a
// question box, the streamed answer and its citations; a citation opens the cited page in the
// viewer. Answers come from the shared pages only and are kept nowhere (one answer at a time).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Drawer, Empty, Input, Typography } from 'antd';
import { FileTextOutlined, RobotOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { aiQuestionMax, type ReferDoc } from '@library/contract';
import { RequestCancelledError } from '../../../lib/api-client';
import { AnswerMarkdown, AnswerStreamError } from '../../ai';
import { shareView } from '../api/share-view-api';

export function ShareAsk({
  token,
  grant,
  onOpenPage,
  onLocked,
}: {
  token: string;
  grant: string | null;
  onOpenPage: (pageId: string) => void;
  /** the grant ran out (710001): ask for the password again */
  onLocked: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [question, setQuestion] = useState('');
  const [asked, setAsked] = useState('');
  const [answer, setAnswer] = useState('');
  const [docs, setDocs] = useState<ReferDoc[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const text = question.trim();
    if (!text || busy) return;
    const controller = new AbortController();
    running.current = controller;
    setAsked(text);
    setAnswer('');
    setDocs([]);
    setError(null);
    setBusy(true);
    setQuestion('');
    try {
      const final = await shareView.ask(token, grant, text, controller.signal, (next) => {
        if (next.kind === 'references') setDocs(next.docs);
        else if (next.kind === 'delta') setAnswer((sofar) => sofar + next.text);
      });
      setAnswer(final.answer);
      setDocs(final.docs);
    } catch (caught) {
      if (caught instanceof RequestCancelledError) return;
      const failure = caught instanceof AnswerStreamError ? caught.failure : null;
      if (failure?.kind === 'http' && failure.status === 401) onLocked();
      else if (failure?.kind === 'http' && failure.status === 404) {
        setError(t('share.ask.unavailable'));
      } else if (failure?.kind === 'http' && failure.status === 429) {
        setError(t('share.ask.tooFrequent'));
      } else setError(t('share.ask.failed'));
    } finally {
      if (running.current === controller) {
        running.current = null;
        setBusy(false);
      }
    }
  };

  const stop = () => {
    running.current?.abort();
    running.current = null;
    setBusy(false);
  };

  const openDoc = (doc: ReferDoc | undefined) => {
    if (!doc?.pageId) return;
    onOpenPage(doc.pageId);
    setOpen(false);
  };

  return (
    <>
      <Button
        type="primary"
        shape="round"
        size="large"
        icon={<RobotOutlined />}
        className="share-ask-open"
        data-testid="share-ask-open"
        onClick={() => setOpen(true)}
      >
        {t('share.ask.open')}
      </Button>
      <Drawer
        title={t('share.ask.title')}
        open={open}
        onClose={() => setOpen(false)}
        size={440}
        className="share-ask"
      >
        <Typography.Paragraph type="secondary">{t('share.ask.hint')}</Typography.Paragraph>
        <form className="share-ask-form" onSubmit={(event) => void submit(event)}>
          <Input.TextArea
            value={question}
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={aiQuestionMax}
            aria-label={t('share.ask.placeholder')}
            placeholder={t('share.ask.placeholder')}
            onChange={(event) => setQuestion(event.target.value)}
            onPressEnter={(event) => {
              if (!event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                void submit();
              }
            }}
          />
          {busy ? (
            <Button onClick={stop}>{t('share.ask.stop')}</Button>
          ) : (
            <Button type="primary" htmlType="submit" disabled={!question.trim()}>
              {t('share.ask.send')}
            </Button>
          )}
        </form>
        {asked ? (
          <section className="share-ask-answer" aria-live="polite" data-testid="share-ask-answer">
            <Typography.Text strong className="share-ask-question">
              {asked}
            </Typography.Text>
            {answer ? (
              <AnswerMarkdown
                content={answer}
                onCite={(index) => openDoc(docs.find((doc) => doc.index === index))}
              />
            ) : busy ? (
              <Typography.Text type="secondary">{t('share.ask.thinking')}</Typography.Text>
            ) : null}
            {error && (
              <Typography.Text type="danger" role="alert">
                {error}
              </Typography.Text>
            )}
            {docs.length > 0 && (
              <div className="share-ask-references">
                <Typography.Text type="secondary">{t('share.ask.references')}</Typography.Text>
                <ol>
                  {docs.map((doc) => (
                    <li key={`${doc.index}-${doc.blockId ?? doc.pageId ?? ''}`}>
                      <Button
                        type="link"
                        size="small"
                        icon={<FileTextOutlined />}
                        className="share-ask-reference"
                        onClick={() => openDoc(doc)}
                      >
                        {doc.index}. {doc.title}
                      </Button>
                      <Typography.Paragraph
                        type="secondary"
                        ellipsis={{ rows: 3, expandable: 'collapsible' }}
                      >
                        {doc.snippet}
                      </Typography.Paragraph>
                    </li>
                  ))}
                </ol>
              </div>
            )}
          </section>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('share.ask.empty')} />
        )}
      </Drawer>
    </>
  );
}
