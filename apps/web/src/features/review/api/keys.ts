/** Query keys of the review feature. */
export const reviewKeys = {
  all: ['review'] as const,
  pending: ['review', 'pending'] as const,
  records: ['review', 'records'] as const,
};
