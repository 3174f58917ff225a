import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { PageEditorProps } from './PageEditor';

// BlockNote, Mantine and the code highlighter stay out of the first download.
const PageEditor = lazy(() => import('./PageEditor'));

export function LazyPageEditor(props: PageEditorProps) {
  return (
    <Suspense
      fallback={<Skeleton active paragraph={{ rows: 6 }} className="page-editor-loading" />}
    >
      <PageEditor {...props} />
    </Suspense>
  );
}
