import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import tls from 'node:tls';
import { fileURLToPath } from 'node:url';

/*
 * Test helpers of the monitoring probes (used by *.test.ts only): a TLS server presenting a committed test certificate
 * (fixtures/probe-tls.crt and .key: ECDSA P-256, issued by a throw-away "Probe Test CA" whose key was discarded, valid
 * 2026-01-01 to 2125-12-31; fixtures/README.md says how they were made), a server that never answers, a closed port,
 * and an o11y stack's health endpoints.
 */

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
/** The fixture's fields, as `openssl x509 -noout -subject -issuer -serial -dates -fingerprint -sha256` shows them. */
export const FIXTURE = {
  subject: 'CN=sql-gateway.probe.test, O=Example DBaaS Inc., C=US',
  issuer: 'CN=Probe Test CA, O=Example DBaaS Inc., C=US',
  serialNumber: '1F:2E:3D:4C:5B:6A:79:80',
  dnsNames: ['sql-gateway.probe.test', '*.sql-gateway.probe.test', '127.0.0.1'],
  keyAlgorithm: 'ECDSA P-256',
  fingerprintSha256: '9B:7D:B3:19:AE:5C:1D:07:E8:C3:C1:3E:E7:C4:16:27:71:27:5B:6A:6A:2C:95:05:A3:72:6C:D7:E1:55:19:99',
  notBefore: new Date('2026-01-01T00:00:00Z'),
  notAfter: new Date('2125-12-31T23:59:59Z'),
};

/** A TLS server presenting the fixture; `servernames` records the SNI of each handshake that sent one. */
export async function fixtureTlsServer(host = '127.0.0.1') {
  const servernames: string[] = [];
  const server = tls.createServer({
    key: fs.readFileSync(path.join(FIXTURES, 'probe-tls.key')),
    cert: fs.readFileSync(path.join(FIXTURES, 'probe-tls.crt')),
    // Asked during the client's hello, only when it names a server: the default context answers.
    SNICallback: (name, cb) => {
      servernames.push(name);
      cb(null, undefined);
    },
  });
  server.on('secureConnection', (s) => s.end());
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { server, port: (server.address() as AddressInfo).port, servernames };
}

/** A TCP server that accepts connections and never says a word (a stuck endpoint). */
export async function silentServer() {
  const sockets: net.Socket[] = [];
  const server = net.createServer((s) => {
    sockets.push(s);
    s.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

export type HealthAnswer = 'ok' | 'fail' | 'hang';

/**
 * An o11y stack's health endpoints for every cluster, at `/<cluster name>/<check path>`: 200 (Grafana's JSON on
 * /grafana/api/health) unless `answers` says otherwise for the full path, else for `/<cluster name>` — 503, or no
 * answer at all. `answers` may change between rounds; `seen` lists the paths asked for.
 */
export async function o11yServer(answers: Record<string, HealthAnswer> = {}) {
  const seen: string[] = [];
  const hanging: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://x');
    seen.push(pathname);
    const cluster = pathname.split('/')[1] ?? '';
    const answer = answers[pathname] ?? answers[`/${cluster}`] ?? 'ok';
    if (answer === 'hang') return void hanging.push(res);
    if (answer === 'fail') return void res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
    if (pathname.endsWith('/api/health'))
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ database: 'ok', version: '11.3.0' }));
    res.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    answers,
    close: () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      server.close();
    },
  };
}
