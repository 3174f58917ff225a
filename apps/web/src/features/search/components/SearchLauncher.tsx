import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useMatch } from 'react-router';
import './search-launcher.css';

// The search modal (and the contract's zod schemas its recent searches parse) loads when search
// is first opened, or pointed at: the header is on every logged-in screen's first load.
const loadSearchModal = () => import('./SearchModal');
const SearchModal = lazy(() => loadSearchModal().then((m) => ({ default: m.SearchModal })));

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The header's search box, and Ctrl+K / ⌘K anywhere, opening the search modal. */
export function SearchLauncher({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  const desktop = useMatch({ path: '/space/:spaceId', end: false });
  const mobile = useMatch({ path: '/space-mobile/:spaceId', end: false });
  const spaceId = desktop?.params.spaceId ?? mobile?.params.spaceId ?? null;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      {compact ? (
        <Button
          type="text"
          icon={<SearchOutlined />}
          aria-label={t('search.title')}
          onClick={() => setOpen(true)}
          onPointerEnter={() => void loadSearchModal()}
        />
      ) : (
        <button
          type="button"
          className="search-launcher"
          onClick={() => setOpen(true)}
          onPointerEnter={() => void loadSearchModal()}
        >
          <SearchOutlined />
          <span className="search-launcher-text">{t('search.placeholderShort')}</span>
          <kbd>{isMac ? '⌘K' : 'Ctrl K'}</kbd>
        </button>
      )}
      {opened && (
        <Suspense fallback={null}>
          <SearchModal open={open} onClose={() => setOpen(false)} spaceId={spaceId} />
        </Suspense>
      )}
    </>
  );
}
