import type { ReviewRecord, reviewItem } from '@xr/contract/creator';
import type { z } from 'zod';

/** Shapes of the review calls, from the contract. */
export type ReviewItem = z.infer<typeof reviewItem>;
export type { ReviewRecord };
export type ReviewDecision = ReviewRecord['decision'];
