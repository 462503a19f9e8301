import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { fullScreenViewerUrl } from '../../../lib/viewer-url';

/**
 * /view?id= (links and bookmarks made before the full-screen viewer became the lean page `viewer.html`, its own
 * entry: see docs/perf.md): this route sends the visitor there, in place (Back returns to the page before).
 */
export default function ViewPage() {
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  useEffect(() => {
    const kind = params.get('kind');
    const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
    window.location.replace(fullScreenViewerUrl(id, kind === 'tour' || kind === 'scene' ? kind : null));
  }, [raw, params]);
  return null;
}
