import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CertProbeTarget } from '../../config.js';
import {
  describeCertificate,
  embeddedCertificateSource,
  probeCertificate,
  rfc4514,
  subjectAltNames,
  tlsCertificateSource,
} from './certificate-source.js';
import { closedPort, FIXTURE, fixtureTlsServer, silentServer } from './probe-testing.js';

/*
 * The TLS prober against a real TLS server on localhost presenting the committed test certificate (probe-testing.ts),
 * which nothing trusts: the prober reads it all the same.
 */

let tlsServer: Awaited<ReturnType<typeof fixtureTlsServer>>;
let silent: Awaited<ReturnType<typeof silentServer>>;
beforeAll(async () => {
  tlsServer = await fixtureTlsServer();
  silent = await silentServer();
});
afterAll(() => {
  tlsServer?.server.close();
  silent?.close();
});

const target = (over: Partial<CertProbeTarget> = {}): CertProbeTarget => ({
  regionId: 'aws.us-east-1',
  component: 'SQL_GATEWAY',
  name: 'sql-gateway-tls',
  host: '127.0.0.1',
  port: tlsServer.port,
  ...over,
});

describe('the TLS prober', () => {
  it('reads every field of the certificate the endpoint presents, though nothing trusts it', async () => {
    const cert = await probeCertificate(target());
    expect(describeCertificate(cert)).toEqual(FIXTURE);
  });

  it('sends the host as SNI, but never an IP address', async () => {
    const local = await fixtureTlsServer('localhost');
    try {
      await probeCertificate({ host: 'localhost', port: local.port });
      await probeCertificate({ host: '127.0.0.1', port: tlsServer.port });
      expect(local.servernames).toEqual(['localhost']);
      expect(tlsServer.servernames).toEqual([]);
    } finally {
      local.server.close();
    }
  });

  it('gives up on an endpoint that accepts the connection and never answers, at its timeout', async () => {
    const started = Date.now();
    await expect(probeCertificate(target({ port: silent.port }), { timeoutMs: 300 })).rejects.toThrow(
      'no TLS handshake within 300 ms',
    );
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(3000);
  });

  it('stops at once when cancelled', async () => {
    const ctl = new AbortController();
    const pending = probeCertificate(target({ port: silent.port }), { timeoutMs: 60_000, signal: ctl.signal });
    setTimeout(() => ctl.abort(), 50);
    await expect(pending).rejects.toThrow('the probe was cancelled');
  });

  it('observes every target, a failing one answering why, in the targets order', async () => {
    const refused = await closedPort();
    const source = tlsCertificateSource({ timeoutMs: 300, concurrency: 2 });
    const out = await source.observe([
      target({ port: silent.port, name: 'stuck' }),
      target(),
      target({ port: refused, name: 'refused' }),
      target({ name: 'again' }),
    ]);
    expect(out.map((o) => o.target.name)).toEqual(['stuck', 'sql-gateway-tls', 'refused', 'again']);
    expect(out[0]).toMatchObject({ error: 'no TLS handshake within 300 ms' });
    expect(out[1]!.certificate).toEqual(FIXTURE);
    expect(out[2]!.error).toMatch(/ECONNREFUSED/);
    expect(out[3]!.certificate?.fingerprintSha256).toBe(FIXTURE.fingerprintSha256);
  });

  it('the embedded source observes nothing', async () => {
    expect(await embeddedCertificateSource().observe([target()])).toEqual([]);
  });
});

describe('certificate names', () => {
  it('writes names most specific first, escaping what RFC 4514 escapes', () => {
    expect(rfc4514('C=US\nO=Example DBaaS Inc.\nCN=a.example.com')).toBe(
      'CN=a.example.com, O=Example DBaaS Inc., C=US',
    );
    expect(rfc4514('C=US\nO="Acme, Inc."\nCN=x')).toBe('CN=x, O=Acme\\, Inc., C=US');
  });

  it('lists the DNS names, then the IP addresses, of a subjectAltName', () => {
    expect(subjectAltNames('DNS:a.example.com, IP Address:10.0.0.1, URI:spiffe://x, DNS:"b,c.example.com"')).toEqual([
      'a.example.com',
      'b,c.example.com',
      '10.0.0.1',
    ]);
    expect(subjectAltNames(undefined)).toEqual([]);
  });
});
