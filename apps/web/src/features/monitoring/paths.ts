/** The pages of the monitoring area. */
export const reportPath = (id: string) => `/component-diff/${encodeURIComponent(id)}`;
export const o11yPath = (name: string) => `/o11y/${encodeURIComponent(name)}`;
/** The certification page showing one region's certificates. */
export const regionCertificatesPath = (regionId: string) => `/certification?region=${encodeURIComponent(regionId)}`;
