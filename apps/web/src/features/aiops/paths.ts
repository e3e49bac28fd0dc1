/** The page of an AIOps issue. */
export const aiopsIssuePath = (key: string) => `/aiops/issues/${encodeURIComponent(key)}`;
/** The page of an AIOps report. */
export const aiopsReportPath = (id: string) => `/aiops/reports/${encodeURIComponent(id)}`;
