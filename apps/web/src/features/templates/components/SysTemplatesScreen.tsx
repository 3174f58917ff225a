// /sys/templates '系统模板' (administrators): the system templates every user sees in the gallery.
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TemplateListSettings } from './TemplateListSettings';

export function SysTemplatesScreen() {
  const { t } = useTranslation();
  return (
    <div className="sys-templates">
      <Typography.Title level={4}>{t('templates.sysTitle')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('templates.sysHint')}</Typography.Paragraph>
      <TemplateListSettings spaceId={null} />
    </div>
  );
}
