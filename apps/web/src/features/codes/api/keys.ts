/** Query keys of the codes feature; mutations invalidate by prefix. */
export const codesKeys = {
  all: ['codes'] as const,
  invites: ['codes', 'invites'] as const,
  myInvitees: ['codes', 'my-invitees'] as const,
  coupons: ['codes', 'coupons'] as const,
};
