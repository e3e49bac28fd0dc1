import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { endOfDay, startOfDay, utcToday } from '@portal/contract';

/*
 * Date pickers show and take UTC days (§9: dates are shown YYYY-MM-DD in UTC): a picker value holds the UTC calendar
 * day as if it were local, and is read back as that day.
 */
export const DAY = 'YYYY-MM-DD';

/** An instant or a day → the picker value of its UTC day. */
export const toPickerDay = (value: string | null | undefined): Dayjs | undefined =>
  value ? dayjs(value.slice(0, 10)) : undefined;

/** The picker's day → "YYYY-MM-DD". */
export const pickerDay = (value: Dayjs): string => value.format(DAY);

/** §9: a start or effective day is sent at T00:00:00Z, an end day at T23:59:59Z. */
export const sendStart = (value: Dayjs): string => startOfDay(pickerDay(value));
export const sendEnd = (value: Dayjs): string => endOfDay(pickerDay(value));

/** Whether a picker day is before today (UTC). */
export const beforeToday = (value: Dayjs): boolean => pickerDay(value) < utcToday();

/** Whether a picker day is after today (UTC). */
export const afterToday = (value: Dayjs): boolean => pickerDay(value) > utcToday();

/**
 * A date picker's key handler for a form outside a FormModal (which does this for every picker): Enter commits the
 * typed day in the picker, and no more — without it the browser's implicit submission sends the whole form.
 */
export const enterCommitsOnly = (event: { key: string; preventDefault(): void }): void => {
  if (event.key === 'Enter') event.preventDefault();
};
