/** The page of a remediation ticket (`RT-1001`). */
export const ticketPath = (id: string) => `/remediation_tickets/${encodeURIComponent(id)}`;
