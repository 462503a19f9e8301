import { INSTITUTION_REASON_MAX } from '@xr/contract/institution';
import { RejectReasonDialog } from '../../../components/admin/reject-reason-dialog';
import { useDecideInstitution } from '../api/institution';

/** Reject an application: the reason is required; the applicant reads it on their profile, in a message and a mail. */
export function RejectInstitutionDialog({ id, name, onClose }: { id: number; name: string; onClose(): void }) {
  const decide = useDecideInstitution();
  return (
    <RejectReasonDialog
      ns="institution"
      name={name}
      max={INSTITUTION_REASON_MAX}
      pending={decide.isPending}
      send={(reason) => decide.mutateAsync({ id, state: 'rejected', reason })}
      onClose={() => onClose()}
      // an application decided meanwhile (40950): the list reloads, so the dialog goes too
      closeOnFailure
    />
  );
}
