import { ThreadsView } from '../components/threads-view';
import '../forum.css';

/** /forum: the boards and the latest threads of all of them, with search (issue 10). */
export default function ForumPage() {
  return <ThreadsView />;
}
