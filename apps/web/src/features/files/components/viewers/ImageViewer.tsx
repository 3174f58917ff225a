// Pictures: fit to the preview, zoom (buttons or Ctrl + wheel) and rotate in quarter turns.
import { useState } from 'react';
import { Button, Space, Tooltip } from 'antd';
import {
  RotateRightOutlined,
  UndoOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ViewerProps } from './viewer-props';
import { ViewerFailed } from './ViewerStates';

const zoomSteps = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4, 6, 8];

export function ImageViewer({ file, url }: ViewerProps) {
  const { t } = useTranslation();
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [failed, setFailed] = useState(false);

  const step = (direction: 1 | -1) =>
    setZoom((current) => {
      const index = zoomSteps.findIndex((value) => value >= current);
      const next = zoomSteps[Math.min(zoomSteps.length - 1, Math.max(0, index + direction))];
      return next ?? current;
    });

  if (failed) return <ViewerFailed />;
  return (
    <div className="file-image-viewer">
      <Space className="file-viewer-tools" size={4}>
        <Tooltip title={t('files.viewer.zoomOut')}>
          <Button
            icon={<ZoomOutOutlined />}
            aria-label={t('files.viewer.zoomOut')}
            disabled={zoom <= (zoomSteps[0] ?? 0)}
            onClick={() => step(-1)}
          />
        </Tooltip>
        <span className="file-viewer-zoom" aria-live="polite">
          {Math.round(zoom * 100)}%
        </span>
        <Tooltip title={t('files.viewer.zoomIn')}>
          <Button
            icon={<ZoomInOutlined />}
            aria-label={t('files.viewer.zoomIn')}
            disabled={zoom >= (zoomSteps[zoomSteps.length - 1] ?? Infinity)}
            onClick={() => step(1)}
          />
        </Tooltip>
        <Tooltip title={t('files.viewer.rotate')}>
          <Button
            icon={<RotateRightOutlined />}
            aria-label={t('files.viewer.rotate')}
            onClick={() => setRotation((value) => (value + 90) % 360)}
          />
        </Tooltip>
        <Tooltip title={t('files.viewer.reset')}>
          <Button
            icon={<UndoOutlined />}
            aria-label={t('files.viewer.reset')}
            onClick={() => {
              setZoom(1);
              setRotation(0);
            }}
          />
        </Tooltip>
      </Space>
      <div
        className="file-image-stage"
        onWheel={(event) => {
          if (!event.ctrlKey) return;
          event.preventDefault();
          step(event.deltaY < 0 ? 1 : -1);
        }}
      >
        <img
          src={url}
          alt={file.name}
          draggable={false}
          style={{ transform: `scale(${zoom}) rotate(${rotation}deg)` }}
          onError={() => setFailed(true)}
        />
      </div>
    </div>
  );
}

export default ImageViewer;
