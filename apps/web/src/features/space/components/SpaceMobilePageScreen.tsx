// `/space-mobile/:spaceId/page/:pageId`: one page on a phone, under a title bar naming it; back
// leads to the space — to the topic holding the page, where the page was tapped. The page's
// toolbar exports it (the import and export dialog is mounted here, as the desktop's layout does).
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { spaceMobileHrefs } from '../../../config/space-hrefs';
import { PageScreen, usePage } from '../../page';
import { TransferDialog } from '../../transfer';
import { MobileHeader } from './MobileHeader';
import './space.css';

export function SpaceMobilePageScreen() {
  const { spaceId = '', pageId = '' } = useParams();
  return <SpaceMobilePage key={pageId} spaceId={spaceId} pageId={pageId} />;
}

function SpaceMobilePage({ spaceId, pageId }: { spaceId: string; pageId: string }) {
  const { t } = useTranslation();
  const page = usePage(pageId);
  const hrefs = spaceMobileHrefs('space', spaceId);
  const parentId = page.data?.parentId;
  return (
    <div className="space-mobile-page">
      <MobileHeader
        back={parentId ? hrefs.topic(parentId) : hrefs.root}
        backLabel={t('spaces.backToSpaces')}
        title={page.data ? page.data.title || t('page.untitled') : ''}
      />
      <PageScreen pageId={pageId} />
      {/* the page toolbar's export opens it */}
      <TransferDialog />
    </div>
  );
}
