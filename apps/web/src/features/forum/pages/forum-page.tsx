import { ThreadsView } from '../components/threads-view';
import '../forum.css';

/** /forum: the boards and the latest threads of all of them, with search. */
export default function ForumPage() {
  return <ThreadsView />;
}
