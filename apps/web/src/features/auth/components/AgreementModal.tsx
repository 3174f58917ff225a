import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AgreementDocument } from './AgreementCheckbox';

/** The short text of the terms of service or the privacy policy. */
export function AgreementModal({
  document,
  onClose,
}: {
  document: AgreementDocument | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const shown = document ?? 'terms';
  const paragraphs = t(`agreement.${shown}.body`, { returnObjects: true });
  return (
    <Modal
      open={document !== null}
      title={t(`agreement.${shown}.title`)}
      onCancel={onClose}
      onOk={onClose}
      okText={t('common.gotIt')}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={520}
      centered
    >
      <Typography>
        {(Array.isArray(paragraphs) ? paragraphs : []).map((text, index) => (
          <Typography.Paragraph key={index}>{String(text)}</Typography.Paragraph>
        ))}
      </Typography>
    </Modal>
  );
}
