import type { X509Certificate } from 'node:crypto';
import net from 'node:net';
import tls from 'node:tls';
import type { CertProbeTarget } from '../../config.js';

/*
 * Where the TLS certificates of the regions' endpoints are observed (the `mon_certificates` inventory, /certification).
 * An adapter: the TLS prober reads the certificate each configured endpoint presents (CERT_PROBE_TARGETS); the embedded
 * default observes nothing, so the stored inventory (the demo seed's) stands. probes.ts records what is observed.
 */

/** A certificate as observed, in the inventory's terms (names as RFC 4514 strings, hex with colons). */
export interface ObservedCertificate {
  subject: string;
  issuer: string;
  serialNumber: string;
  /** Subject alternative names: DNS names, then IP addresses. */
  dnsNames: string[];
  keyAlgorithm: string;
  fingerprintSha256: string;
  notBefore: Date;
  notAfter: Date;
}

/** One target's outcome: its certificate, or why it could not be read. */
export type CertificateObservation =
  | { target: CertProbeTarget; certificate: ObservedCertificate; error?: undefined }
  | { target: CertProbeTarget; certificate?: undefined; error: string };

export interface CertificateSource {
  readonly kind: 'embedded' | 'tls';
  /** Observes the targets (all of them, however many fail); `signal` cancels what is still under way. */
  observe(targets: readonly CertProbeTarget[], opts?: { signal?: AbortSignal }): Promise<CertificateObservation[]>;
}

/** The embedded default: observes nothing; the inventory stays as stored. */
export function embeddedCertificateSource(): CertificateSource {
  return { kind: 'embedded', observe: async () => [] };
}

export interface TlsProbeOptions {
  /** Per target: connect and handshake within this long (default 10 s). */
  timeoutMs?: number;
  /** Targets probed at once (default 4). */
  concurrency?: number;
}

/** The real source: a TLS handshake with each target, reading the certificate it presents (never trusting it). */
export function tlsCertificateSource(opts: TlsProbeOptions = {}): CertificateSource {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  return {
    kind: 'tls',
    observe: (targets, { signal } = {}) =>
      mapLimit(targets, opts.concurrency ?? 4, async (target): Promise<CertificateObservation> => {
        try {
          const x509 = await probeCertificate(target, { timeoutMs, signal });
          return { target, certificate: describeCertificate(x509) };
        } catch (err) {
          return { target, error: errorText(err) };
        }
      }),
  };
}

/**
 * Connects to `host:port`, completes a TLS handshake (SNI: the host unless it is an IP address; the certificate is
 * read whatever it is — expired, self-signed, another name's — as checking it is the point) and returns the leaf
 * certificate. Rejects when no handshake completes within `timeoutMs` (a port that accepts and never answers), on a
 * network or TLS error, and when `signal` aborts.
 */
export function probeCertificate(
  target: Pick<CertProbeTarget, 'host' | 'port'>,
  { timeoutMs = 10_000, signal }: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<X509Certificate> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error('the probe was cancelled'));
    const socket = tls.connect({
      host: target.host,
      port: target.port,
      ...(net.isIP(target.host) ? {} : { servername: target.host }),
      rejectUnauthorized: false,
    });
    const settle = (err: Error | undefined, cert?: X509Certificate) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      socket.destroy();
      if (err) reject(err);
      else resolve(cert!);
    };
    const onAbort = () => settle(new Error('the probe was cancelled'));
    const timer = setTimeout(() => settle(new Error(`no TLS handshake within ${seconds(timeoutMs)}`)), timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    socket.once('secureConnect', () => {
      const cert = socket.getPeerX509Certificate();
      settle(cert ? undefined : new Error('the server presented no certificate'), cert);
    });
    // Every error is heard (a second one after the first must not go unhandled); only the first settles.
    socket.on('error', (err) => settle(err));
  });
}

const CURVES: Record<string, string> = { prime256v1: 'P-256', secp384r1: 'P-384', secp521r1: 'P-521' };

/** `RSA 2048`, `ECDSA P-256`, `Ed25519`… as the inventory writes key algorithms. */
export function keyAlgorithmOf(cert: X509Certificate): string {
  const key = cert.publicKey;
  const details = key.asymmetricKeyDetails ?? {};
  switch (key.asymmetricKeyType) {
    case 'rsa':
      return `RSA ${details.modulusLength ?? ''}`.trim();
    case 'rsa-pss':
      return `RSA-PSS ${details.modulusLength ?? ''}`.trim();
    case 'ec':
      return `ECDSA ${CURVES[details.namedCurve ?? ''] ?? details.namedCurve ?? ''}`.trim();
    case 'ed25519':
      return 'Ed25519';
    case 'ed448':
      return 'Ed448';
    default:
      return (key.asymmetricKeyType ?? 'unknown').toUpperCase();
  }
}

/** Node's one-attribute-per-line name (`C=US\nO=…\nCN=…`) as an RFC 4514 string, most specific first (`CN=…, C=US`). */
export function rfc4514(name: string): string {
  return (
    name
      .split('\n')
      .filter(Boolean)
      .reverse()
      // A value Node quoted (it holds a special character) is unquoted and escaped as RFC 4514 has it.
      .map((rdn) =>
        rdn.replace(/^([^=]+)="(.*)"$/, (_, t: string, v: string) => {
          const value = JSON.parse(`"${v}"`) as string;
          return `${t}=${value.replace(/([,+"\\<>;])/g, '\\$1')}`;
        }),
      )
      .join(', ')
  );
}

/**
 * The names of a subjectAltName (`DNS:a, DNS:b, IP Address:127.0.0.1`; Node quotes an entry holding a comma or a
 * quote as a JSON string): DNS names first, then IP addresses; other kinds (URI, email) are left out.
 */
export function subjectAltNames(san: string | undefined): string[] {
  const dns: string[] = [];
  const ips: string[] = [];
  for (const m of (san ?? '').matchAll(/(DNS|IP Address|[\w ]+):("(?:[^"\\]|\\.)*"|[^,]*)(?:, |$)/g)) {
    const value = m[2]!.startsWith('"') ? (JSON.parse(m[2]!) as string) : m[2]!;
    if (m[1] === 'DNS') dns.push(value);
    else if (m[1] === 'IP Address') ips.push(value);
  }
  return [...dns, ...ips];
}

const withColons = (hex: string) => (hex.length % 2 ? `0${hex}` : hex).toUpperCase().match(/../g)!.join(':');

export function describeCertificate(cert: X509Certificate): ObservedCertificate {
  return {
    subject: rfc4514(cert.subject),
    issuer: rfc4514(cert.issuer),
    serialNumber: withColons(cert.serialNumber),
    dnsNames: subjectAltNames(cert.subjectAltName),
    keyAlgorithm: keyAlgorithmOf(cert),
    fingerprintSha256: cert.fingerprint256,
    // OpenSSL's `Jan  1 00:00:00 2026 GMT`, which Date parses.
    notBefore: new Date(cert.validFrom),
    notAfter: new Date(cert.validTo),
  };
}

const seconds = (ms: number) => (ms % 1000 ? `${ms} ms` : `${ms / 1000} s`);

/** A network error's message, with its code when the message does not already hold it. */
export function errorText(err: unknown): string {
  const e = err as { message?: string; code?: string; cause?: { message?: string; code?: string } };
  const base = e.cause?.message && e.message === 'fetch failed' ? e.cause : e;
  const message = base.message || String(err);
  return base.code && !message.includes(base.code) ? `${message} (${base.code})` : message;
}

/** Runs `fn` over `items`, at most `limit` at once, answers in the items' order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
