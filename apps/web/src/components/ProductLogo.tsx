import { useTranslation } from 'react-i18next';

/** The product mark: an open book on a library-green tile. */
export function ProductMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="12" fill="#1d6f64" />
      <path
        d="M24 15c-3.2-2.2-7.4-3-12-2.6v20.8c4.6-.4 8.8.4 12 2.6 3.2-2.2 7.4-3 12-2.6V12.4c-4.6-.4-8.8.4-12 2.6Z"
        fill="#f4efe2"
      />
      <path d="M24 15v20.8" stroke="#1d6f64" strokeWidth="2" />
      <path
        d="M15 18.5c2.6 0 4.8.5 6.5 1.5M15 23c2.6 0 4.8.5 6.5 1.5"
        stroke="#c9a54b"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** Mark plus product name (公共图书馆 / 公共圖書館 / Public Library). */
export function ProductLogo({ size = 32, showName = true }: { size?: number; showName?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="product-logo">
      <ProductMark size={size} />
      {showName && <span className="product-logo-name">{t('app.name')}</span>}
    </span>
  );
}
