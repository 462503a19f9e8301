import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { viewsOf } from '../../../components/viewers/views';
import { projectContentQuery } from '../api/project-content';

// The viewers' wrappers and the scene-details call load only when there is something to show: the details page of
// a project without a viewable preview loads none of it (first-load size).
const ContentPreviewBody = lazy(() => import('./content-preview-body'));

/**
 * The details page's preview: the project's content in the 360 / 3D viewer for whoever may see it (visitors only
 * when the creator switched anonymous preview on). Nothing is shown when there is nothing to view.
 */
export function ContentPreview({ projectId, signedIn }: { projectId: number; signedIn: boolean }) {
  const content = useQuery(projectContentQuery(projectId, signedIn));
  const data = content.data;
  if (!data || data.access === 'none') return null;
  const views = viewsOf(data);
  if (!data.scene && views.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ContentPreviewBody projectId={projectId} signedIn={signedIn} data={data} views={views} />
    </Suspense>
  );
}
