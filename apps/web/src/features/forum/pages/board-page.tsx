import { useSearchParams } from 'react-router';
import { ThreadsView } from '../components/threads-view';
import '../forum.css';

/** /forum/board?id=: one board's threads, pinned first, with search. */
export default function BoardPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return <ThreadsView key={id} boardId={Number.isInteger(id) && id > 0 ? id : -1} />;
}
