// PDF with pdf.js (its own lazy chunk, its worker a separate file Vite emits): the document is
// read by range requests, page 1 is drawn at once and every other page only when it scrolls
// near the view, so the first page shows quickly even in a long document.
import { useEffect, useRef, useState } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { GlobalWorkerOptions, getDocument, version, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import type { ViewerProps } from './viewer-props';
import { ViewerFailed, ViewerLoading } from './ViewerStates';

GlobalWorkerOptions.workerSrc = workerUrl;
/** where the build puts pdf.js's character maps and standard fonts (vite.config.ts) */
const pdfjsAssets = `/assets/pdfjs-${version}/`;

interface PageSize {
  width: number;
  height: number;
}

const zoomSteps = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

export function PdfViewer({ url }: ViewerProps) {
  const { t } = useTranslation();
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [firstSize, setFirstSize] = useState<PageSize | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [zoom, setZoom] = useState(1);
  const [width, setWidth] = useState(0);
  const frame = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The URL is read when the preview opens; a new signature later must not reload the document.
    const task = getDocument({
      url,
      disableAutoFetch: true,
      rangeChunkSize: 128 * 1024,
      // CJK text in PDFs without embedded fonts needs the character maps (vite.config.ts)
      cMapUrl: `${pdfjsAssets}cmaps/`,
      cMapPacked: true,
      standardFontDataUrl: `${pdfjsAssets}standard_fonts/`,
    });
    let live = true;
    task.promise
      .then(async (document) => {
        const first = await document.getPage(1);
        const viewport = first.getViewport({ scale: 1 });
        if (!live) return;
        setFirstSize({ width: viewport.width, height: viewport.height });
        setPdf(document);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
      void task.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  if (failed) {
    return (
      <ViewerFailed
        onRetry={() => {
          setFailed(false);
          setAttempt((value) => value + 1);
        }}
      />
    );
  }

  // Fit the page width to the preview (at most its natural size × 1.5), then apply the zoom.
  const fitScale = firstSize && width > 0 ? Math.min(1.5, (width - 32) / firstSize.width) : 1;
  const scale = Math.max(0.1, fitScale * zoom);

  return (
    <div className="file-pdf-viewer">
      {pdf && (
        <Space className="file-viewer-tools" size={4}>
          <span className="file-viewer-meta">
            {t('files.viewer.pages', { count: pdf.numPages })}
          </span>
          <Tooltip title={t('files.viewer.zoomOut')}>
            <Button
              icon={<ZoomOutOutlined />}
              aria-label={t('files.viewer.zoomOut')}
              disabled={zoom <= (zoomSteps[0] ?? 0)}
              onClick={() => setZoom((value) => zoomSteps[zoomSteps.indexOf(value) - 1] ?? value)}
            />
          </Tooltip>
          <span className="file-viewer-zoom">{Math.round(zoom * 100)}%</span>
          <Tooltip title={t('files.viewer.zoomIn')}>
            <Button
              icon={<ZoomInOutlined />}
              aria-label={t('files.viewer.zoomIn')}
              disabled={zoom >= (zoomSteps[zoomSteps.length - 1] ?? Infinity)}
              onClick={() => setZoom((value) => zoomSteps[zoomSteps.indexOf(value) + 1] ?? value)}
            />
          </Tooltip>
        </Space>
      )}
      <div className="file-pdf-pages" ref={frame}>
        {!pdf || !firstSize || width === 0 ? (
          <ViewerLoading />
        ) : (
          Array.from({ length: pdf.numPages }, (_, index) => (
            <PdfPage
              key={index + 1}
              pdf={pdf}
              number={index + 1}
              scale={scale}
              estimate={firstSize}
              label={t('files.viewer.pageLabel', { page: index + 1 })}
            />
          ))
        )}
      </div>
    </div>
  );
}

function PdfPage({
  pdf,
  number,
  scale,
  estimate,
  label,
}: {
  pdf: PDFDocumentProxy;
  number: number;
  scale: number;
  estimate: PageSize;
  label: string;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [visible, setVisible] = useState(number === 1);
  const [size, setSize] = useState<PageSize>(estimate);

  useEffect(() => {
    if (visible) return;
    const element = holder.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);

  useEffect(() => {
    if (!visible) return;
    let live = true;
    let cancel: (() => void) | null = null;
    void pdf.getPage(number).then((page) => {
      const target = canvas.current;
      if (!live || !target) return;
      const viewport = page.getViewport({ scale });
      const ratio = window.devicePixelRatio || 1;
      target.width = Math.floor(viewport.width * ratio);
      target.height = Math.floor(viewport.height * ratio);
      setSize({ width: viewport.width / scale, height: viewport.height / scale });
      const task = page.render({
        canvas: target,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      cancel = () => task.cancel();
      task.promise.catch(() => undefined);
    });
    return () => {
      live = false;
      cancel?.();
    };
  }, [pdf, number, scale, visible]);

  return (
    <div
      ref={holder}
      className="file-pdf-page"
      role="img"
      aria-label={label}
      data-page-number={number}
      style={{ width: size.width * scale, height: size.height * scale }}
    >
      {visible && <canvas ref={canvas} style={{ width: '100%', height: '100%' }} />}
    </div>
  );
}

export default PdfViewer;
