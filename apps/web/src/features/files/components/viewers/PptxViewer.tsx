// PowerPoint (.pptx): the text of every slide, in the presentation's order.
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFileBytes } from '../../hooks/use-file-bytes';
import { pptxSlideTexts } from '../../lib/pptx-text';
import type { ViewerProps } from './viewer-props';
import { ViewerFailed, ViewerLoading } from './ViewerStates';

export function PptxViewer({ file, url }: ViewerProps) {
  const { t } = useTranslation();
  const bytes = useFileBytes(file.fileId, url);
  const slides = useQuery({
    queryKey: ['files', 'pptx-slides', file.fileId],
    queryFn: () => pptxSlideTexts(new Uint8Array(bytes.data ?? new ArrayBuffer(0))),
    enabled: bytes.isSuccess,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

  if (bytes.isError || slides.isError) return <ViewerFailed onRetry={() => void bytes.refetch()} />;
  if (!slides.isSuccess) return <ViewerLoading />;
  if (slides.data.length === 0) return <Empty description={t('files.viewer.noSlides')} />;
  return (
    <div className="file-pptx-viewer">
      <Alert type="info" showIcon title={t('files.viewer.slidesNote')} />
      <ol className="file-slides">
        {slides.data.map((slide) => (
          <li key={slide.number} className="file-slide">
            <Typography.Text type="secondary" className="file-slide-number">
              {t('files.viewer.slide', { number: slide.number })}
            </Typography.Text>
            {slide.paragraphs.length === 0 ? (
              <Typography.Text type="secondary">{t('files.viewer.slideEmpty')}</Typography.Text>
            ) : (
              slide.paragraphs.map((text, index) =>
                index === 0 ? <h3 key={index}>{text}</h3> : <p key={index}>{text}</p>,
              )
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

export default PptxViewer;
