import { RejectReasonDialog } from '../../../components/admin/reject-reason-dialog';
import { useRejectProject } from '../api/decide';

export const REASON_MAX = 500;

/** Reject a project: the reason is required (the creator sees it next to "not passed"). */
export function RejectDialog({ projectId, name, onClose }: { projectId: number; name: string; onClose(done: boolean): void }) {
  const reject = useRejectProject();
  return (
    <RejectReasonDialog
      ns="review"
      name={name}
      max={REASON_MAX}
      pending={reject.isPending}
      send={(reason) => reject.mutateAsync({ id: projectId, reason })}
      onClose={onClose}
    />
  );
}
