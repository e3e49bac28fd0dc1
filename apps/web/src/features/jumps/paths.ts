/** The page of a jump authorization. */
export const jumpPath = (id: string) => `/jumps/${encodeURIComponent(id)}`;
