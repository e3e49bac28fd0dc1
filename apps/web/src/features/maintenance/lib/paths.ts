/** The maintenance detail page (spec §2: /maintenance/{id}). */
export const maintenancePath = (id: string) => `/maintenance/${encodeURIComponent(id)}`;
