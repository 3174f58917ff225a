// Opening a reference: a page opens at the cited block (`?block=` — the page screen scrolls to
// it and highlights it; on desktop the route opens it in a tab), a file opens in the files
// feature's preview (the chat screen renders <FileReferencePreview> for `previewFileId`).
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ReferDoc } from '@library/contract';
import { paths } from '../../../config/paths';

export type ReferenceLayout = 'desktop' | 'mobile';

export function referenceHref(doc: ReferDoc, layout: ReferenceLayout): string | null {
  if (doc.sourceType !== 'page' || !doc.pageId) return null;
  const page =
    layout === 'desktop'
      ? paths.spacePage.getHref(doc.spaceId, doc.pageId)
      : paths.spaceMobilePage.getHref(doc.spaceId, doc.pageId);
  return doc.blockId ? `${page}?block=${encodeURIComponent(doc.blockId)}` : page;
}

export function useOpenReference(layout: ReferenceLayout) {
  const navigate = useNavigate();
  const [previewFileId, setPreviewFileId] = useState<string | null>(null);
  const open = useCallback(
    (doc: ReferDoc) => {
      const href = referenceHref(doc, layout);
      if (href) navigate(href);
      else if (doc.sourceType === 'file' && doc.fileId) setPreviewFileId(doc.fileId);
    },
    [layout, navigate],
  );
  return { open, previewFileId, closePreview: () => setPreviewFileId(null) };
}
