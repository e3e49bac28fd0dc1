/** The page of an incident. */
export const incidentPath = (id: string) => `/incidents/${encodeURIComponent(id)}`;
