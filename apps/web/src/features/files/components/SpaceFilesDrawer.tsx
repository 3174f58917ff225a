// The space's file library in a drawer beside the content tree (opened from the space header).
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeviceStore } from '../../../stores/device-store';
import { FileLibrary } from './FileLibrary';

export interface SpaceFilesDrawerProps {
  open: boolean;
  spaceId: string;
  spaceName: string;
  canUpload: boolean;
  onClose: () => void;
}

export function SpaceFilesDrawer({
  open,
  spaceId,
  spaceName,
  canUpload,
  onClose,
}: SpaceFilesDrawerProps) {
  const { t } = useTranslation();
  const mobile = useDeviceStore((state) => state.deviceMode === 'Mobile');
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={mobile ? '100%' : 'min(1080px, 92vw)'}
      placement="right"
      className="file-library-drawer"
      closable={{ 'aria-label': t('common.close') }}
      title={
        <span className="file-library-title">
          {t('files.title')}
          <span className="file-library-space">{spaceName}</span>
        </span>
      }
    >
      <FileLibrary spaceId={spaceId} canUpload={canUpload} />
    </Drawer>
  );
}

export default SpaceFilesDrawer;
