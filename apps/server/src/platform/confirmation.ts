import { CONFIRMATION_REQUIRED, type ConfirmationDetails } from '@portal/contract';
import { AppError } from './errors.js';

/**
 * The server's half of the secondary confirmation (contract confirmation.ts): unless the request carries
 * `confirm: true`, stops it with 409 `confirmation.required`, saying what is to be confirmed. Call it after every
 * other check, so a confirmed request fails only for what changed in between.
 */
export function requireConfirmation(
  confirm: boolean | undefined,
  message: string,
  what: Omit<ConfirmationDetails, 'resend_with'>,
): void {
  if (confirm === true) return;
  const details: ConfirmationDetails = { ...what, resend_with: { confirm: true } };
  throw new AppError(CONFIRMATION_REQUIRED, message, details);
}
