/** The SLA summary (the month, tenant, provider and breached filters as its URL keeps them). */
export const SLA_SUMMARY_PATH = '/sla/summary';

/** A dedicated cluster's SLA page, for a month (the current one when absent). */
export const slaDetailPath = (clusterId: string, month?: string) =>
  `/sla/${encodeURIComponent(clusterId)}/detail${month ? `?month=${encodeURIComponent(month)}` : ''}`;
