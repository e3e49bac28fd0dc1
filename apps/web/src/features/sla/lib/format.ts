import { SLA_OBJECTIVES } from '@portal/contract';
import type { SlaPlan } from '@portal/contract';

/** `99.9931%`, `100%`; `-` when nothing was measured. Four decimals at most: 99.99% needs them to be told apart. */
export const formatAvailability = (percent: number | null | undefined): string =>
  percent === null || percent === undefined ? '-' : `${Number(percent.toFixed(4))}%`;

/** Minutes with at most two decimals: `6`, `4.46`. */
export const formatMinutes = (minutes: number): string => String(Number(minutes.toFixed(2)));

/** The objective a plan holds a cluster to: `Dedicated · 99.99%`. */
export function objectiveLabel(plan: SlaPlan): string {
  const o = SLA_OBJECTIVES.find((x) => x.plan === plan);
  return o ? `${o.label} · ${o.target_percent}%` : plan;
}

/** The status word of a month (its tag's text): `Breached` or `Met`. */
export const breachStatus = (breached: boolean): string => (breached ? 'Breached' : 'Met');
