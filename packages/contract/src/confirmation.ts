import { z } from 'zod';

/*
 * Secondary confirmation, one protocol for every route that needs one (spec §2 cluster control, §7 gitops
 * `secondaryconfirm apply`):
 * 1. The client sends the request. When it would change something that needs a person's explicit go-ahead and the
 *    body does not carry `confirm: true`, the server changes nothing and answers 409 `confirmation.required`, its
 *    `details` shaped as `confirmationDetails`: what is to be confirmed, and what to send back.
 * 2. The client shows the server's message and details in a confirmation dialog; on OK it sends the same request
 *    again with `details.resend_with` merged into the body — always `{ confirm: true }`.
 * A client that already knows a request needs confirming may ask first and send `confirm: true` at once; the server
 * checks everything again on the confirmed request either way.
 */

/** The error code of step 1 (409). */
export const CONFIRMATION_REQUIRED = 'confirmation.required';

/** The body field that confirms: every confirmable route's body has it. */
export const confirmField = z.boolean().optional().describe('The secondary confirmation: true to go ahead');

/** One value the confirmed request changes. */
export const confirmationChangeSchema = z.object({
  path: z.string(),
  /** Null when there is no value there yet. */
  current: z.string().nullable(),
  desired: z.string(),
});
export type ConfirmationChange = z.infer<typeof confirmationChangeSchema>;

/** The `details` of a 409 `confirmation.required`. */
export const confirmationDetailsSchema = z.object({
  /** What is to be confirmed, in one line: the command as it will run, the branch and cluster to apply… */
  subject: z.string(),
  /** What going ahead does. */
  description: z.string(),
  /** The values it changes, when it changes a list of them. */
  changes: z.array(confirmationChangeSchema).optional(),
  /** What to merge into the body of the same request to confirm it. */
  resend_with: z.object({ confirm: z.literal(true) }),
});
export type ConfirmationDetails = z.infer<typeof confirmationDetailsSchema>;
