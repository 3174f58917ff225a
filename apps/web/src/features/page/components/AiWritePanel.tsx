// The editor's AI panel, under the blocks it was opened on: first the menu (a free prompt and the
// actions, filtered as one types), then the suggestion as it streams, drawn apart from the page
// and kept out of the live document — others see only what the writer accepts, as one undoable
// change. Esc discards, stopping is immediate (the request is aborted), a follow-up refines the
// suggestion. Without a model (or with the space's AI or the writer's switch off) only the script
// conversions run, and the panel says why and where that is changed.
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { RobotOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCode, type Block, type Locale } from '@library/contract';
import { paths } from '../../../config/paths';
import { RequestCancelledError } from '../../../lib/api-client';
import { anythingForSale } from '../../../lib/goods-for-sale';
import { currentPath, navigateTo } from '../../../lib/navigation';
import { AnswerMarkdown, AnswerStreamError, useFailureText } from '../../ai';
import { streamAiWrite } from '../api/ai-write';
import {
  aiMenuEntries,
  customEntry,
  hasContent,
  needsModel,
  withoutIds,
  placementOf,
  type AiMenuEntry,
  type Placement,
} from '../lib/ai-write';
import { StaticPage } from './StaticPage';

export interface AiWriteTarget {
  /** the blocks the panel was opened on (the selection, or the block with the cursor) */
  selection: Block[];
  /** the whole page, for the entries that read it */
  page: () => Block[];
}

export interface AiWritePanelProps {
  pageId: string;
  locale: Locale;
  theme: 'light' | 'dark';
  target: AiWriteTarget;
  /** why the model entries cannot run now (no model, the space's AI off …); null when they can */
  modelUnavailable: string | null;
  /** where the panel stands, in the frame's coordinates */
  top: number;
  /** whether any of these blocks is no longer as it was (edited meanwhile, here or by others) */
  changedSince: (blocks: Block[]) => boolean;
  onAccept: (placement: Placement, blocks: Block[]) => void;
  onClose: () => void;
}

type Phase =
  | { kind: 'menu' }
  | { kind: 'running'; entry: AiMenuEntry; text: string }
  | { kind: 'done'; entry: AiMenuEntry; text: string; blocks: Block[] }
  | { kind: 'stopped'; entry: AiMenuEntry; text: string }
  | { kind: 'failed'; entry: AiMenuEntry; text: string; message: string; code?: number };

export function AiWritePanel(props: AiWritePanelProps) {
  const { pageId, locale, theme, target, modelUnavailable, top, changedSince, onAccept, onClose } =
    props;
  const { t } = useTranslation();
  const failureText = useFailureText();
  const [phase, setPhase] = useState<Phase>({ kind: 'menu' });
  const [query, setQuery] = useState('');
  // -1: the first entry that can run (worked out as the list is drawn)
  const [highlight, setHighlight] = useState(-1);
  const [followUp, setFollowUp] = useState('');
  const controller = useRef<AbortController | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // where an accepted suggestion goes is fixed by the first run; refining keeps it
  const placement = useRef<Placement | null>(null);
  // what the last run was asked, for retrying it (a refinement retries on the suggestion)
  const lastRun = useRef<{ entry: AiMenuEntry; blocks?: Block[] } | null>(null);
  // the blocks the suggestion stands in for, as they were asked about
  const baseline = useRef<Block[]>([]);
  // they changed while the suggestion was written: accepting asks how
  const [stale, setStale] = useState(false);

  const entries = useMemo(() => {
    const words = query.trim().toLowerCase();
    const found = aiMenuEntries.filter((entry) => {
      if (!words) return true;
      const label = t(`page.aiWrite.actions.${entry.key}`).toLowerCase();
      return label.includes(words) || entry.key.toLowerCase().includes(words);
    });
    // without a model, what can run comes first
    return modelUnavailable
      ? [...found.filter((entry) => !needsModel(entry)), ...found.filter(needsModel)]
      : found;
  }, [query, t, modelUnavailable]);

  const run = (entry: AiMenuEntry, blocks?: Block[]) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    lastRun.current = { entry, ...(blocks ? { blocks } : {}) };
    const source = blocks ?? (entry.wholePage ? target.page() : target.selection);
    if (!placement.current) {
      placement.current = placementOf(entry, target.selection);
      baseline.current = source;
    }
    setStale(false);
    setPhase({ kind: 'running', entry, text: '' });
    streamAiWrite({
      request: {
        pageId,
        action: entry.action,
        blocks: source,
        ...(entry.instruction ? { instruction: entry.instruction } : {}),
        language: locale,
      },
      signal: abort.signal,
      onText: (text) => {
        if (controller.current === abort) setPhase({ kind: 'running', entry, text });
      },
    }).then(
      (result) => {
        if (controller.current !== abort) return;
        setPhase((now) => ({
          kind: 'done',
          entry,
          text: now.kind === 'running' ? now.text : '',
          blocks: result,
        }));
      },
      (caught: unknown) => {
        if (controller.current !== abort) return;
        if (caught instanceof RequestCancelledError) {
          setPhase((now) => ({ kind: 'stopped', entry, text: 'text' in now ? now.text : '' }));
          return;
        }
        const failure = caught instanceof AnswerStreamError ? caught.failure : null;
        const message = failure ? failureText(failure) : String(caught);
        const code = failure && 'code' in failure ? failure.code : undefined;
        setPhase((now) => ({
          kind: 'failed',
          entry,
          text: 'text' in now ? now.text : '',
          message,
          ...(code === undefined ? {} : { code }),
        }));
      },
    );
  };

  // closing the panel stops what it was writing
  useEffect(() => () => controller.current?.abort(), []);

  useLayoutEffect(() => {
    if (phase.kind === 'menu') inputRef.current?.focus();
    else panelRef.current?.focus();
  }, [phase.kind]);

  const stop = () => controller.current?.abort();
  const accept = (how: 'checked' | 'overwrite' | 'below' = 'checked') => {
    const where = placement.current;
    if (phase.kind !== 'done' || !where) return;
    if (how === 'checked' && where.kind !== 'after' && changedSince(baseline.current)) {
      setStale(true);
      return;
    }
    if (how === 'below') {
      const last = baseline.current[baseline.current.length - 1];
      onAccept({ kind: 'after', id: last?.id ?? '' }, withoutIds(phase.blocks));
      return;
    }
    onAccept(where, phase.blocks);
  };
  const refine = () => {
    const instruction = followUp.trim();
    if (phase.kind !== 'done' || !instruction) return;
    setFollowUp('');
    run(customEntry(instruction), phase.blocks);
  };
  const available = (entry: AiMenuEntry) => !needsModel(entry) || !modelUnavailable;
  /** the next entry that can run, from `at` in the direction of `step` (`at` itself if none) */
  const nextAvailable = (at: number, step: number) => {
    for (let moved = 1; moved <= entries.length; moved += 1) {
      const index = (((at + step * moved) % entries.length) + entries.length) % entries.length;
      if (entries[index] && available(entries[index])) return index;
    }
    return at;
  };
  const active = highlight >= 0 && highlight < entries.length ? highlight : nextAvailable(-1, 1);
  const choose = (entry: AiMenuEntry | undefined) => {
    const words = query.trim();
    if (entry && available(entry)) run(entry);
    else if (!entry && words && !modelUnavailable) run(customEntry(words));
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (phase.kind === 'running') stop();
      else onClose();
      return;
    }
    if (phase.kind === 'menu') {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setHighlight(nextAvailable(active, step));
      } else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
        event.preventDefault();
        choose(query.trim() && entries.length === 0 ? undefined : entries[active]);
      }
      return;
    }
    if (
      phase.kind === 'done' &&
      event.key === 'Enter' &&
      (event.ctrlKey || event.metaKey) &&
      !event.nativeEvent.isComposing
    ) {
      event.preventDefault();
      accept();
    }
  };

  const label = (entry: AiMenuEntry) => t(`page.aiWrite.actions.${entry.key}`);

  return (
    <div
      ref={panelRef}
      className="ai-write-panel"
      style={{ top }}
      role="dialog"
      aria-label={t('page.aiWrite.title')}
      tabIndex={-1}
      onKeyDown={handleKeyDown}
      // clicks inside keep the editor's selection where it was
      onMouseDown={(event) => event.stopPropagation()}
    >
      {phase.kind === 'menu' ? (
        <>
          <Input
            ref={(input) => {
              inputRef.current = input?.input ?? null;
            }}
            value={query}
            placeholder={t(modelUnavailable ? 'page.aiWrite.filter' : 'page.aiWrite.prompt')}
            prefix={<RobotOutlined aria-hidden />}
            onChange={(event) => {
              setQuery(event.target.value);
              setHighlight(-1);
            }}
            aria-label={t('page.aiWrite.prompt')}
          />
          {modelUnavailable ? (
            <div className="ai-write-note" role="note">
              {modelUnavailable}
            </div>
          ) : null}
          <ul className="ai-write-menu" role="listbox" aria-label={t('page.aiWrite.title')}>
            {entries.map((entry, index) => (
              <li
                key={entry.key}
                role="option"
                aria-selected={index === active}
                aria-disabled={!available(entry)}
                className={[
                  'ai-write-entry',
                  index === active ? 'is-active' : '',
                  index > 0 && entries[index - 1]?.group !== entry.group ? 'starts-group' : '',
                ]
                  .filter(Boolean)
                  .join(' ')}
                onMouseEnter={() => setHighlight(index)}
                onClick={() => choose(entry)}
              >
                {label(entry)}
              </li>
            ))}
            {entries.length === 0 && query.trim() ? (
              <li
                role="option"
                aria-selected
                aria-disabled={!!modelUnavailable}
                className="ai-write-entry is-active"
                onClick={() => choose(undefined)}
              >
                {t('page.aiWrite.ask', { prompt: query.trim() })}
              </li>
            ) : null}
          </ul>
        </>
      ) : (
        <>
          <div className="ai-write-head">
            <span className="ai-write-title">
              <RobotOutlined aria-hidden /> {label(phase.entry)}
            </span>
            {phase.kind === 'running' ? <Spin size="small" /> : null}
          </div>
          <div className="ai-write-body" aria-live="polite" aria-busy={phase.kind === 'running'}>
            {phase.kind === 'done' ? (
              hasContent(phase.blocks) ? (
                <StaticPage
                  blocks={phase.blocks}
                  locale={locale}
                  theme={theme}
                  className="ai-write-suggestion"
                />
              ) : (
                <div className="ai-write-note">{t('page.aiWrite.empty')}</div>
              )
            ) : (
              <>
                {phase.text ? <AnswerMarkdown content={phase.text} /> : null}
                {phase.kind === 'failed' ? (
                  <Alert
                    type="error"
                    showIcon
                    title={phase.message}
                    action={
                      phase.code === ErrorCode.quotaAiWrites && anythingForSale() ? (
                        <Button
                          size="small"
                          onClick={() => void navigateTo(paths.plans.getHref(currentPath()))}
                        >
                          {t('common.upgrade')}
                        </Button>
                      ) : null
                    }
                  />
                ) : phase.kind === 'stopped' || !phase.text ? (
                  <div className="ai-write-note">
                    {t(phase.kind === 'stopped' ? 'page.aiWrite.stopped' : 'page.aiWrite.writing')}
                  </div>
                ) : null}
              </>
            )}
          </div>
          {phase.kind === 'done' && needsModel(phase.entry) ? (
            <Input
              value={followUp}
              placeholder={t('page.aiWrite.followUp')}
              aria-label={t('page.aiWrite.followUp')}
              onChange={(event) => setFollowUp(event.target.value)}
              onPressEnter={(event) => {
                if (!event.nativeEvent.isComposing && !event.ctrlKey && !event.metaKey) refine();
              }}
            />
          ) : null}
          {stale ? (
            <Alert
              type="warning"
              showIcon
              title={t('page.aiWrite.stale')}
              action={
                <span className="ai-write-actions">
                  <Button size="small" onClick={() => accept('below')}>
                    {t('page.aiWrite.insertBelow')}
                  </Button>
                  <Button size="small" danger onClick={() => accept('overwrite')}>
                    {t('page.aiWrite.overwrite')}
                  </Button>
                </span>
              }
            />
          ) : null}
          <div className="ai-write-actions">
            {phase.kind === 'running' ? (
              <Button size="small" onClick={stop}>
                {t('page.aiWrite.stop')}
              </Button>
            ) : (
              <>
                {phase.kind === 'done' && hasContent(phase.blocks) && !stale ? (
                  <Button size="small" type="primary" onClick={() => accept()}>
                    {t(
                      placement.current?.kind === 'after'
                        ? 'page.aiWrite.insert'
                        : 'page.aiWrite.replace',
                    )}
                  </Button>
                ) : null}
                <Button size="small" onClick={() => run(phase.entry, lastRun.current?.blocks)}>
                  {t('page.aiWrite.retry')}
                </Button>
                <Button size="small" type="text" onClick={onClose}>
                  {t('page.aiWrite.discard')}
                </Button>
              </>
            )}
          </div>
        </>
      )}
    </div>
  );
}
