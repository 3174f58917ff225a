// `/space/:spaceId/ai`: the AI chat arrives with its own issue; the route and its tab are real.
import { Result } from 'antd';
import { RobotOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export function SpaceAiScreen() {
  const { t } = useTranslation();
  return (
    <Result
      icon={<RobotOutlined />}
      title={t('spaces.aiChat')}
      subTitle={t('spaces.aiComingSoon')}
    />
  );
}
