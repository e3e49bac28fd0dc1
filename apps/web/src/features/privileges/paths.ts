export const grantPath = (id: number | string) => `/privilege/${encodeURIComponent(String(id))}`;
