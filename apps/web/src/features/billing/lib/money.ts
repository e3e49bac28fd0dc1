/*
 * What the forms show (dollars, percent) and what the API takes (integer cents, fractions), §9: money in cents,
 * percentages stored as fractions (the discount sent: the contract's discountFromPercentOff).
 */

/** Dollars typed in a form (2 decimals) → integer cents. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);

/** Integer cents → dollars for a form field. */
export const toDollars = (cents: number): number => cents / 100;

/** A percent typed in a form (12.5) → the stored fraction (0.125), without floating noise. */
export const toFraction = (percent: number): number => Number((percent / 100).toFixed(6));

/** A stored fraction (0.125) → the percent a form shows (12.5). */
export const toPercent = (fraction: number): number => Number((fraction * 100).toFixed(4));
