// Audio and video with the browser's own players, streaming from the signed URL (the server
// answers Range requests, so seeking does not download the whole file).
import { useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ViewerProps } from './viewer-props';

export function MediaViewer({ file, url }: ViewerProps) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  return (
    <div className={`file-media-viewer is-${file.kind}`}>
      {failed && <Alert type="warning" showIcon title={t('files.viewer.mediaUnsupported')} />}
      {file.kind === 'audio' ? (
        <audio controls preload="metadata" src={url} onError={() => setFailed(true)}>
          {file.name}
        </audio>
      ) : (
        <video controls preload="metadata" src={url} onError={() => setFailed(true)}>
          {file.name}
        </video>
      )}
    </div>
  );
}

export default MediaViewer;
