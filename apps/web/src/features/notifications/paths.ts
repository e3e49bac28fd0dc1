/** The page of a notification workflow (spec §2 /notification/detail/{workflow_id}). */
export const workflowPath = (id: string) => `/notification/detail/${encodeURIComponent(id)}`;

/** Its statistics (spec §2 /notification/{workflow_id}/statistics). */
export const workflowStatisticsPath = (id: string) => `/notification/${encodeURIComponent(id)}/statistics`;
