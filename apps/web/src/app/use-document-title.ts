import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitleKey } from '../lib/route-meta';
import { usePageHeadingStore } from '../stores/page-heading-store';

/** Spec §2: the product name, or the name followed by ' | ' and the page title. */
export function formatDocumentTitle(productName: string, pageTitle?: string | null): string {
  return pageTitle ? `${productName} | ${pageTitle}` : productName;
}

/**
 * Keeps document.title in step with the screen's heading (a space's or page's name), else the
 * deepest route that has a title (translated).
 */
export function useDocumentTitle(): void {
  const { t } = useTranslation();
  const titleKey = usePageTitleKey();
  const heading = usePageHeadingStore((state) => state.heading);
  const productName = t('app.name');
  const pageTitle = heading ?? (titleKey ? t(titleKey) : null);

  useEffect(() => {
    document.title = formatDocumentTitle(productName, pageTitle);
  }, [productName, pageTitle]);
}
