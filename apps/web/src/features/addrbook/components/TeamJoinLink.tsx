// A team's join link (managers): anyone who opens it may ask to join, and a manager answers in
// 'New invites'. Copy it, show it as a QR code, or make a new one (the old link stops working).
import { useState } from 'react';
import { Button, Input, Modal, QRCode, Result, Skeleton, Space, Typography } from 'antd';
import { CopyOutlined, LinkOutlined, QrcodeOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Team } from '@library/contract';
import { toast } from '../../../components/toast';
import { useTeamJoinCode } from '../api/get-team-join-code';
import { useResetTeamJoinCode } from '../api/reset-team-join-code';

/** The server's link is a path (`/addrbook/team/{id}?join={code}`); shared, it needs the origin. */
export function absoluteLink(link: string): string {
  return /^https?:\/\//.test(link) ? link : `${window.location.origin}${link}`;
}

export function TeamJoinLink({ team }: { team: Pick<Team, 'teamId' | 'name'> }) {
  const { t } = useTranslation();
  const joinCode = useTeamJoinCode(team.teamId);
  const reset = useResetTeamJoinCode(team.teamId);
  const [showQr, setShowQr] = useState(false);
  const [modal, modalHolder] = Modal.useModal();

  const handleReset = () => {
    void modal.confirm({
      title: t('addrbook.teams.resetLinkTitle'),
      content: t('addrbook.teams.resetLinkText'),
      okText: t('addrbook.teams.resetLink'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await reset.mutateAsync();
        toast.success(t('addrbook.teams.linkReset'));
      },
    });
  };

  let body;
  if (joinCode.isError && !joinCode.data) {
    body = (
      <Result
        status="warning"
        title={t('addrbook.teams.linkFailed')}
        extra={
          <Button onClick={() => void joinCode.refetch()}>{t('addrbook.common.retry')}</Button>
        }
      />
    );
  } else if (!joinCode.data) {
    body = <Skeleton active paragraph={{ rows: 1 }} title={false} />;
  } else {
    const link = absoluteLink(joinCode.data.link);
    const handleCopy = async () => {
      try {
        await navigator.clipboard.writeText(link);
        toast.success(t('addrbook.common.linkCopied'));
      } catch {
        toast.warning(t('addrbook.common.copyFailed'));
      }
    };
    body = (
      <>
        <div className="addrbook-link-row">
          <Input
            readOnly
            value={link}
            prefix={<LinkOutlined />}
            aria-label={t('addrbook.teams.joinLink')}
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button icon={<CopyOutlined />} onClick={() => void handleCopy()}>
            {t('addrbook.common.copy')}
          </Button>
        </div>
        <Space wrap className="addrbook-link-actions">
          <Button
            type="link"
            icon={<QrcodeOutlined />}
            aria-expanded={showQr}
            onClick={() => setShowQr((shown) => !shown)}
          >
            {showQr ? t('addrbook.teams.hideQr') : t('addrbook.teams.showQr')}
          </Button>
          <Button
            type="link"
            icon={<ReloadOutlined />}
            loading={reset.isPending}
            onClick={handleReset}
          >
            {t('addrbook.teams.resetLink')}
          </Button>
        </Space>
        {showQr && (
          <figure className="addrbook-qr">
            {/* black on white in both themes: phone cameras read that best */}
            <QRCode value={link} size={160} color="#000000" bgColor="#ffffff" />
            <figcaption>{t('addrbook.teams.qrCaption', { name: team.name })}</figcaption>
          </figure>
        )}
      </>
    );
  }

  return (
    <section className="addrbook-section" aria-labelledby="team-link-title">
      <Typography.Title level={5} id="team-link-title" className="addrbook-section-title">
        {t('addrbook.teams.joinLink')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="addrbook-section-hint">
        {t('addrbook.teams.joinLinkHint')}
      </Typography.Paragraph>
      {body}
      {modalHolder}
    </section>
  );
}
