import { lazy, Suspense, useState } from 'react';
import { Modal, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LoginResponse } from '@library/contract';
import { ProductMark } from '../../../components/ProductLogo';
import { toast } from '../../../components/toast';
import { followRegisterInvite, showInviteResult } from '../register-invite';
import { completeLogin } from '../session';
import { useRegisterInviteStore } from '../stores/register-invite-store';
import { AgreementCheckbox, type AgreementDocument } from './AgreementCheckbox';
import { PasswordLoginForm } from './PasswordLoginForm';
import { SmsLoginForm } from './SmsLoginForm';

export type LoginMode = 'sms' | 'password';

// opened from the agreement's links only, so it loads then (the dialog is part of a first visit)
const AgreementModal = lazy(() =>
  import('./AgreementModal').then((m) => ({ default: m.AgreementModal })),
);

/**
 * The login dialog (spec §4): phone + code (default) or account + password. Fields, mode and the
 * agreement tick start empty each time it opens (its forms are remounted), and its contents are
 * destroyed once it has hidden.
 */
export function LoginDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [document, setDocument] = useState<AgreementDocument | null>(null);
  const [documentShown, setDocumentShown] = useState(false);
  if (document !== null && !documentShown) setDocumentShown(true);
  const [wasOpen, setWasOpen] = useState(open);
  const [openings, setOpenings] = useState(0);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpenings((count) => count + 1);
  }

  return (
    <>
      <Modal
        open={open}
        onCancel={onClose}
        footer={null}
        width={420}
        centered
        destroyOnHidden
        className="login-dialog"
        title={null}
        aria-labelledby="login-dialog-title"
      >
        <div className="login-dialog-header">
          <ProductMark size={44} />
          <h3 id="login-dialog-title" className="type-title login-dialog-title">
            {t('login.title')}
          </h3>
          <span className="type-text type-secondary">{t('login.subtitle')}</span>
        </div>
        <LoginForms key={openings} onOpenDocument={setDocument} />
      </Modal>
      {documentShown && (
        <Suspense fallback={null}>
          <AgreementModal document={document} onClose={() => setDocument(null)} />
        </Suspense>
      )}
    </>
  );
}

/** The two login modes with their shared agreement tick; lives only while the dialog shows. */
function LoginForms({ onOpenDocument }: { onOpenDocument: (document: AgreementDocument) => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<LoginMode>('sms');
  const [agreed, setAgreed] = useState(false);

  const ensureAgreed = () => {
    if (!agreed) toast.warning(t('login.agreeFirst'), { grouping: true });
    return agreed;
  };

  const handleLoggedIn = async (response: LoginResponse) => {
    // a registration link's code, read before the login forgets it (the SMS form sent it already)
    const inviteCode = useRegisterInviteStore.getState().inviteCode;
    const loaded = await completeLogin(response);
    if (!loaded) return;
    toast.success(response.registered ? t('login.welcomeNew') : t('login.success'));
    void followRegisterInvite(response, inviteCode).then(
      (result) => result && showInviteResult(result),
    );
  };

  const agreement = (
    <AgreementCheckbox checked={agreed} onChange={setAgreed} onOpenDocument={onOpenDocument} />
  );
  const formProps = { agreement, ensureAgreed, onLoggedIn: handleLoggedIn };

  return (
    <Tabs
      activeKey={mode}
      onChange={(key) => setMode(key === 'password' ? 'password' : 'sms')}
      centered
      items={[
        {
          key: 'sms',
          label: t('login.smsTab'),
          children: (
            <>
              <SmsLoginForm {...formProps} />
              <div className="type-text type-secondary login-dialog-note">{t('login.smsNote')}</div>
            </>
          ),
        },
        {
          key: 'password',
          label: t('login.passwordTab'),
          children: <PasswordLoginForm {...formProps} />,
        },
      ]}
    />
  );
}
