import type { Dayjs } from 'dayjs';
import { groupLabelsOf, utcToday } from '@portal/contract';

/** The price expression text parsed as JSON: the value, or the parser's error text (spec §5: parsed on blur). */
export function parseExpression(text: string): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(text) };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

/** The label inputs a unit of the group needs (placeholders other than provider and region), from the trimmed texts. */
export const labelInputs = (pattern: string | undefined, formula: string | undefined): string[] =>
  groupLabelsOf((pattern ?? '').trim(), (formula ?? '').trim());

/** Beta end date (spec §5): selectable only on or after today (UTC). */
export const betaDateDisabled = (d: Dayjs): boolean => d.format('YYYY-MM-DD') < utcToday();

/** Sent as that date at 00:00:00Z. */
export const betaEndTime = (d: Dayjs | null | undefined): string | null =>
  d ? `${d.format('YYYY-MM-DD')}T00:00:00Z` : null;
