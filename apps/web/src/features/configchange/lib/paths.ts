/** The page of one configuration change (its history entry). */
export const changePath = (id: string) => `/confighistories/${encodeURIComponent(id)}`;
