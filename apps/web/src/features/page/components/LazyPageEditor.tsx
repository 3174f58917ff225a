import { lazy, Suspense } from 'react';
import { loadPageEditor } from '../lib/load-page-editor';
import type { PageEditorProps } from './PageEditor';

// BlockNote, Mantine and the code highlighter stay out of the first download. Until they are
// there, the page shows its blocks without them (PageContent.tsx), so nothing stands in here.
const PageEditor = lazy(loadPageEditor);

export function LazyPageEditor(props: PageEditorProps) {
  return (
    <Suspense fallback={null}>
      <PageEditor {...props} />
    </Suspense>
  );
}
