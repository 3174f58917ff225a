// The preview of one file in a modal: its name, size and download button above the viewer its
// kind calls for (each viewer its own lazy chunk). The bytes come through a fresh signed URL.
import { Component, lazy, Suspense, type ReactNode } from 'react';
import { Button, Modal, Result, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SpaceFile } from '@library/contract';
import { currentLocale } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { filePreviewUrlQueryOptions, useFilePreviewUrl } from '../api/get-file-preview-url';
import { useFeature } from '../../../hooks/use-feature';
import { useDownloadFile } from '../hooks/use-download-file';
import { formatFileSize } from '../lib/file-size';
import { chooseViewer, type ViewerKind } from '../lib/viewer-choice';
import { FileKindIcon } from './FileKindIcon';
import { ViewerFailed, ViewerLoading } from './viewers/ViewerStates';
import './files.css';

const viewerChunks = {
  image: () => import('./viewers/ImageViewer'),
  pdf: () => import('./viewers/PdfViewer'),
  docx: () => import('./viewers/DocxViewer'),
  xlsx: () => import('./viewers/XlsxViewer'),
  pptx: () => import('./viewers/PptxViewer'),
  markdown: () => import('./viewers/MarkdownViewer'),
  code: () => import('./viewers/CodeViewer'),
  text: () => import('./viewers/CodeViewer'),
  audio: () => import('./viewers/MediaViewer'),
  video: () => import('./viewers/MediaViewer'),
} satisfies Partial<Record<ViewerKind, () => Promise<unknown>>>;

const ImageViewer = lazy(viewerChunks.image);
const PdfViewer = lazy(viewerChunks.pdf);
const DocxViewer = lazy(viewerChunks.docx);
const XlsxViewer = lazy(viewerChunks.xlsx);
const PptxViewer = lazy(viewerChunks.pptx);
const MarkdownViewer = lazy(viewerChunks.markdown);
const CodeViewer = lazy(viewerChunks.code);
const MediaViewer = lazy(viewerChunks.audio);

/**
 * Starts loading what a file's preview needs (its viewer's chunk and a signed URL) when the
 * pointer reaches it, so the preview opens without waiting for them.
 */
export function prefetchPreview(file: SpaceFile): void {
  const { viewer } = chooseViewer(file);
  if (!(viewer in viewerChunks)) return;
  void viewerChunks[viewer as keyof typeof viewerChunks]().catch(() => undefined);
  void queryClient.prefetchQuery(filePreviewUrlQueryOptions(file.fileId));
}

export interface FilePreviewProps {
  file: SpaceFile | null;
  onClose: () => void;
}

export function FilePreview({ file, onClose }: FilePreviewProps) {
  const { t } = useTranslation();
  const { download, isDownloading } = useDownloadFile();
  const downloadOn = useFeature('downloadFile');
  const canDownload = (file?.abilities.canDownload ?? false) && downloadOn;
  const downloadButton = file && canDownload && (
    <Button
      icon={<DownloadOutlined />}
      aria-label={t('files.download')}
      loading={isDownloading(file.fileId)}
      onClick={() => void download(file)}
    >
      {t('files.download')}
    </Button>
  );
  return (
    <Modal
      open={file !== null}
      onCancel={onClose}
      footer={null}
      width="min(1100px, 100vw)"
      centered
      destroyOnHidden
      className="file-preview-modal"
      closable={{ 'aria-label': t('files.viewer.close') }}
      title={
        file && (
          <div className="file-preview-title">
            <FileKindIcon kind={file.kind} />
            <Typography.Text strong ellipsis className="file-preview-name">
              {file.name}
            </Typography.Text>
            <Typography.Text type="secondary" className="file-preview-size">
              {formatFileSize(file.size, currentLocale())}
            </Typography.Text>
            {downloadButton}
          </div>
        )
      }
    >
      {file && <PreviewBody key={file.fileId} file={file} downloadButton={downloadButton} />}
    </Modal>
  );
}

function PreviewBody({ file, downloadButton }: { file: SpaceFile; downloadButton: ReactNode }) {
  const { t } = useTranslation();
  const { viewer, activeContent } = chooseViewer(file);
  const needsUrl = viewer !== 'unknown' && viewer !== 'tooLarge';
  const preview = useFilePreviewUrl(file.fileId);

  if (!needsUrl) {
    return (
      <Result
        className="file-viewer-result file-unknown-card"
        icon={<FileKindIcon kind={file.kind} />}
        title={t(
          viewer === 'tooLarge' ? 'files.viewer.tooLargeTitle' : 'files.viewer.unknownTitle',
        )}
        subTitle={t(
          viewer === 'tooLarge' ? 'files.viewer.tooLargeHint' : 'files.viewer.unknownHint',
        )}
        extra={downloadButton}
      />
    );
  }
  if (preview.isError) {
    return <ViewerFailed onRetry={() => void preview.refetch()} extra={downloadButton} />;
  }
  if (!preview.data) return <ViewerLoading />;

  const props = { file, url: preview.data.url };
  let content: ReactNode;
  switch (viewer) {
    case 'image':
      content = <ImageViewer {...props} />;
      break;
    case 'pdf':
      content = <PdfViewer {...props} />;
      break;
    case 'docx':
      content = <DocxViewer {...props} />;
      break;
    case 'xlsx':
      content = <XlsxViewer {...props} />;
      break;
    case 'pptx':
      content = <PptxViewer {...props} />;
      break;
    case 'markdown':
      content = <MarkdownViewer {...props} />;
      break;
    case 'audio':
    case 'video':
      content = <MediaViewer {...props} />;
      break;
    case 'code':
    case 'text':
      content = <CodeViewer {...props} activeContent={activeContent} />;
      break;
  }
  return (
    <div className={`file-preview-body is-${viewer}`} data-viewer={viewer}>
      <ViewerBoundary fallback={<ViewerFailed extra={downloadButton} />}>
        <Suspense fallback={<ViewerLoading />}>{content}</Suspense>
      </ViewerBoundary>
    </div>
  );
}

/** A viewer that throws (a corrupt file, a chunk that failed to load) shows the failure card. */
class ViewerBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
