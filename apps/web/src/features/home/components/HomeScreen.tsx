import { Col, Empty, Row, Skeleton, Typography } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../auth';
import { useSpaceGroups } from '../../../lib/space-groups';
import { PlainCard, PlainCardMeta } from '../../../components/PlainCard';
import { SpaceIcon } from '../../../components/SpaceIcon';
import { CatchUp } from './CatchUp';
import { nextSteps } from './next-steps';

/** /home for a logged-in user: the welcome, what to catch up on, their spaces, and where to go next. */
export function HomeScreen() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const { data: groups, isPending } = useSpaceGroups();
  const spaces = (groups ?? []).flatMap((group) => group.spaceList);

  return (
    <div className="home-screen">
      <section className="home-hero">
        <Typography.Title level={1} className="home-hero-title">
          {t('home.welcome')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="home-hero-subtitle">
          {user ? t('home.greeting', { name: user.nickname }) : t('home.tagline')}
        </Typography.Paragraph>
      </section>

      <CatchUp />

      <section className="home-section" aria-labelledby="home-spaces-title">
        <Typography.Title level={4} id="home-spaces-title">
          {t('spaces.mySpaces')}
        </Typography.Title>
        {isPending && !groups ? (
          <Skeleton active />
        ) : spaces.length === 0 ? (
          <PlainCard className="home-empty-card">
            <Empty
              description={
                <>
                  <Typography.Text strong>{t('spaces.empty')}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">{t('spaces.emptyHint')}</Typography.Text>
                </>
              }
            />
          </PlainCard>
        ) : (
          <Row gutter={[16, 16]}>
            {spaces.map((space) => (
              <Col key={space.spaceId} xs={24} sm={12} xl={8}>
                <Link to={paths.space.getHref(space.spaceId)} className="card-link">
                  <PlainCard hoverable className="space-card">
                    <PlainCardMeta
                      avatar={<SpaceIcon space={space} size={36} />}
                      title={space.name}
                      description={space.description || t('spaces.noDescription')}
                    />
                  </PlainCard>
                </Link>
              </Col>
            ))}
          </Row>
        )}
      </section>

      <section className="home-section" aria-labelledby="home-next-title">
        <Typography.Title level={4} id="home-next-title">
          {t('home.nextTitle')}
        </Typography.Title>
        <Row gutter={[16, 16]}>
          {nextSteps.map((step) => (
            <Col key={step.key} xs={24} sm={12} xl={6}>
              <Link to={step.path} className="card-link">
                <PlainCard hoverable className="next-step-card">
                  <div className="next-step-icon" aria-hidden>
                    {step.icon}
                  </div>
                  <Typography.Text strong className="next-step-title">
                    {t(`home.next.${step.key}.title`)}
                  </Typography.Text>
                  <Typography.Paragraph type="secondary" className="next-step-text">
                    {t(`home.next.${step.key}.text`)}
                  </Typography.Paragraph>
                  <span className="next-step-go">
                    {t('home.open')} <RightOutlined />
                  </span>
                </PlainCard>
              </Link>
            </Col>
          ))}
        </Row>
      </section>
    </div>
  );
}
