import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { endOfDay, startOfDay, tomorrowUtc, utcToday } from '@portal/contract';

/*
 * Date pickers show and take UTC days (spec §9: YYYY-MM-DD in UTC): a picker value holds the UTC calendar day as if it
 * were local, and is read back as that day.
 */
export const DAY = 'YYYY-MM-DD';

/** The picker's day → "YYYY-MM-DD". */
export const pickerDay = (value: Dayjs): string => value.format(DAY);

/** A "YYYY-MM-DD" day → its picker value. */
export const dayValue = (day: string): Dayjs => dayjs(day);

/** Spec §9: an effective or start day is sent at T00:00:00Z, an end day at T23:59:59Z. */
export const sendStart = (value: Dayjs): string => startOfDay(pickerDay(value));
export const sendEnd = (value: Dayjs): string => endOfDay(pickerDay(value));

/** Whether a picker day is before tomorrow (UTC): spec §5's "at least tomorrow" dates. */
export const beforeTomorrow = (value: Dayjs): boolean => pickerDay(value) < tomorrowUtc();

/** Whether a picker day is before today (UTC). */
export const beforeToday = (value: Dayjs): boolean => pickerDay(value) < utcToday();
