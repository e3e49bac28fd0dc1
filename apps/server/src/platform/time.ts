/** Timestamps leave the API as ISO-8601 UTC strings. */
export function iso(d: Date | string | null): string {
  if (d === null) return '';
  return (d instanceof Date ? d : new Date(d)).toISOString();
}
export function isoOrNull(d: Date | string | null | undefined): string | null {
  return d === null || d === undefined ? null : iso(d);
}
