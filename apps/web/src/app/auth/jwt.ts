/** Claims of an id token we read (the server verifies its signature; the SPA only reads it). */
export interface IdTokenClaims {
  email?: string;
  nonce?: string;
  exp?: number;
  [claim: string]: unknown;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The payload of a JWT, or null when it is not one. */
export function decodeJwtPayload(token: string): IdTokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const value: unknown = JSON.parse(base64UrlDecode(payload));
    return value && typeof value === 'object' ? (value as IdTokenClaims) : null;
  } catch {
    return null;
  }
}

export function base64UrlEncode(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export { base64UrlDecode };
