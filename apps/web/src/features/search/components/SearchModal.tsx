import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Empty, Input, Modal, Segmented, Select, Spin, Typography } from 'antd';
import {
  ClockCircleOutlined,
  FileOutlined,
  FileTextOutlined,
  FolderOutlined,
  LinkOutlined,
  SearchOutlined,
  SnippetsOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  searchTotalCountedUpTo,
  type SearchResult,
  type SearchResultType,
} from '@library/contract';
import { useIsMobile } from '../../../hooks/use-device-mode';
import { useCurrentUser } from '../../auth';
import { useSpacePeople } from '../../space';
import { useSearch } from '../api/search';
import { clearRecentSearches, recentSearches, rememberSearch } from '../lib/recent-searches';
import { resultHref } from '../lib/result-href';
import { snippetParts } from '../lib/snippet';
import './search.css';

const typeOrder: SearchResultType[] = ['page', 'topic', 'link', 'file', 'note'];
const typeIcons: Record<SearchResultType, React.ReactNode> = {
  page: <FileTextOutlined />,
  topic: <FolderOutlined />,
  link: <LinkOutlined />,
  file: <FileOutlined />,
  note: <SnippetsOutlined />,
};

/** The updated-date filter's choices, as far back as each reaches. */
const withinDays = { day: 1, week: 7, month: 30, year: 365 } as const;
type Within = keyof typeof withinDays | 'any';

function Snippet({ snippet }: { snippet: string }) {
  return (
    <span className="search-snippet">
      {snippetParts(snippet).map((part, index) =>
        part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </span>
  );
}

function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export function SearchModal({
  open,
  onClose,
  spaceId,
}: {
  open: boolean;
  onClose: () => void;
  /** the space being read, for the 'this space' scope */
  spaceId: string | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const [keywords, setKeywords] = useState('');
  const [scope, setScope] = useState<'space' | 'all'>(spaceId ? 'space' : 'all');
  const [type, setType] = useState<SearchResultType | 'any'>('any');
  const [authorId, setAuthorId] = useState<string>('any');
  const [within, setWithin] = useState<Within>('any');
  const [active, setActive] = useState(0);
  const [recent, setRecent] = useState<string[]>(() => recentSearches());
  const inputRef = useRef<React.ComponentRef<typeof Input>>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const debounced = useDebounced(keywords, 200);
  const inSpace = scope === 'space' && spaceId ? spaceId : undefined;
  const me = useCurrentUser().data?.userId ?? null;
  const people = useSpacePeople(open && inSpace ? inSpace : null).data ?? [];
  // fixed when chosen, so the query (and its cache key) stays put while typing
  const updatedAfter = useMemo(
    () =>
      within === 'any'
        ? undefined
        : new Date(Date.now() - withinDays[within] * 86_400_000).toISOString(),
    [within],
  );
  const query = useSearch({
    keywords: debounced,
    spaceId: inSpace,
    type: type === 'any' ? undefined : type,
    authorId: authorId === 'any' ? undefined : authorId,
    updatedAfter,
  });
  const authorOptions = [
    { label: t('search.filter.anyAuthor'), value: 'any' },
    ...(me ? [{ label: t('search.filter.byMe'), value: me }] : []),
    ...people
      .filter((person) => person.userId !== me)
      .map((person) => ({ label: person.name, value: person.userId })),
  ];

  useEffect(() => {
    if (open) {
      setScope(spaceId ? 'space' : 'all');
      setType('any');
      setAuthorId('any');
      setWithin('any');
      setRecent(recentSearches());
      setTimeout(() => inputRef.current?.focus(), 0);
    }
  }, [open, spaceId]);
  useEffect(() => setActive(0), [debounced, scope, type, authorId, within]);

  const results = useMemo(
    () => (debounced.trim() ? (query.data?.list ?? []) : []),
    [debounced, query.data],
  );
  // grouped by type, in a fixed order; keyboard order follows the groups
  const groups = useMemo(
    () =>
      typeOrder
        .map((type) => ({ type, items: results.filter((result) => result.type === type) }))
        .filter((group) => group.items.length > 0),
    [results],
  );
  const ordered = useMemo(() => groups.flatMap((group) => group.items), [groups]);

  useEffect(() => {
    listRef.current
      ?.querySelector(`[data-index="${active}"]`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  // a search is remembered when the modal closes on it, by opening a result or not
  const close = () => {
    if (debounced.trim()) setRecent(rememberSearch(debounced));
    setKeywords('');
    onClose();
  };

  const openResult = (result: SearchResult) => {
    close();
    void navigate(resultHref(result, mobile));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => Math.min(index + 1, Math.max(ordered.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter') {
      const result = ordered[active];
      if (result) {
        event.preventDefault();
        openResult(result);
      }
    }
  };

  let index = -1;
  return (
    <Modal
      open={open}
      onCancel={close}
      footer={null}
      closable={false}
      width={640}
      className="search-modal"
      destroyOnHidden
      title={null}
      aria-label={t('search.title')}
    >
      <div className="search-bar">
        <Input
          ref={inputRef}
          size="large"
          prefix={<SearchOutlined />}
          placeholder={t('search.placeholder')}
          value={keywords}
          onChange={(event) => setKeywords(event.target.value)}
          onKeyDown={onKeyDown}
          aria-label={t('search.title')}
          aria-controls="search-results"
          aria-activedescendant={ordered[active] ? `search-result-${active}` : undefined}
          allowClear
          maxLength={100}
        />
      </div>
      <div className="search-filters">
        {spaceId ? (
          <Segmented
            size="small"
            value={scope}
            onChange={(value) => {
              setScope(value as 'space' | 'all');
              // the people of this space are not offered across all spaces
              if (authorId !== me) setAuthorId('any');
            }}
            options={[
              { label: t('search.scopeSpace'), value: 'space' },
              { label: t('search.scopeAll'), value: 'all' },
            ]}
          />
        ) : null}
        <Select
          size="small"
          variant="filled"
          value={type}
          onChange={setType}
          aria-label={t('search.filter.type')}
          popupMatchSelectWidth={false}
          options={[
            { label: t('search.filter.anyType'), value: 'any' },
            ...typeOrder.map((value) => ({ label: t(`search.type.${value}`), value })),
          ]}
        />
        <Select
          size="small"
          variant="filled"
          value={authorId}
          onChange={setAuthorId}
          aria-label={t('search.filter.author')}
          popupMatchSelectWidth={false}
          showSearch={people.length > 8}
          optionFilterProp="label"
          options={authorOptions}
        />
        <Select
          size="small"
          variant="filled"
          value={within}
          onChange={setWithin}
          aria-label={t('search.filter.updated')}
          popupMatchSelectWidth={false}
          options={[
            { label: t('search.filter.anyTime'), value: 'any' },
            ...(['day', 'week', 'month', 'year'] as const).map((value) => ({
              label: t(`search.filter.${value}`),
              value,
            })),
          ]}
        />
      </div>
      <div className="search-results" id="search-results" role="listbox" ref={listRef}>
        {!debounced.trim() ? (
          recent.length > 0 ? (
            <div className="search-recent">
              <div className="search-group-title">
                <span>{t('search.recent')}</span>
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    clearRecentSearches();
                    setRecent([]);
                  }}
                >
                  {t('search.clearRecent')}
                </Button>
              </div>
              {recent.map((item) => (
                <button
                  type="button"
                  key={item}
                  className="search-recent-item"
                  onClick={() => setKeywords(item)}
                >
                  <ClockCircleOutlined /> {item}
                </button>
              ))}
            </div>
          ) : (
            <Typography.Text type="secondary" className="search-hint">
              {t('search.hint')}
            </Typography.Text>
          )
        ) : query.isPending ? (
          <div className="search-loading">
            <Spin />
          </div>
        ) : query.isError ? (
          <Typography.Text type="danger" className="search-hint">
            {t('search.failed')}
          </Typography.Text>
        ) : ordered.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('search.empty')} />
        ) : (
          groups.map((group) => (
            <div key={group.type} className="search-group" role="group">
              <div className="search-group-title">{t(`search.type.${group.type}`)}</div>
              {group.items.map((result) => {
                index += 1;
                const at = index;
                return (
                  <div
                    key={`${result.type}-${result.id}`}
                    id={`search-result-${at}`}
                    data-index={at}
                    role="option"
                    aria-selected={at === active}
                    className={`search-result${at === active ? ' search-result-active' : ''}`}
                    onMouseMove={() => setActive(at)}
                    onClick={() => openResult(result)}
                  >
                    <span className="search-result-icon">{typeIcons[result.type]}</span>
                    <span className="search-result-body">
                      <span className="search-result-title">
                        {result.title || t('search.untitled')}
                      </span>
                      {result.snippet ? <Snippet snippet={result.snippet} /> : null}
                    </span>
                  </div>
                );
              })}
            </div>
          ))
        )}
      </div>
      <div className="search-footer">
        <span>
          <kbd>↑</kbd>
          <kbd>↓</kbd> {t('search.keyMove')}
        </span>
        <span>
          <kbd>Enter</kbd> {t('search.keyOpen')}
        </span>
        <span>
          <kbd>Esc</kbd> {t('search.keyClose')}
        </span>
        {query.data && debounced.trim() ? (
          <span className="search-total">
            {t(
              query.data.total >= searchTotalCountedUpTo ? 'search.totalAtLeast' : 'search.total',
              { count: query.data.total },
            )}
          </span>
        ) : null}
      </div>
    </Modal>
  );
}
