import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { appVersion } from '../../../lib/client-descriptor';
import { ProductMark } from '../../../components/ProductLogo';

/** Product name, version and what it is. */
export function AboutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={380}
      centered
      title={t('about.title')}
    >
      <div className="about-dialog">
        <ProductMark size={56} />
        <Typography.Title level={4} className="about-name">
          {t('app.name')}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t('about.version', { version: appVersion })}
        </Typography.Text>
        <Typography.Paragraph className="about-description">
          {t('about.description')}
        </Typography.Paragraph>
      </div>
    </Modal>
  );
}
