/**
 * Crash test of a configuration change's apply (run by hand, PostgreSQL only):
 *
 *   TEST_DATABASE_URL=postgres://portal_test:portal_test@127.0.0.1:5432/portal_test \
 *     npx tsx --conditions=source apps/server/bench/crash-test.ts
 *
 * It creates a throwaway database, starts the real server on it (demo seed), creates, approves and applies a change
 * that rolling-restarts PD, TiKV and TiDB (1.5 s per step), kills the server with SIGKILL between two steps,
 * starts it again and checks the change ends applied with every step's effect run exactly once and the cluster's
 * stored configuration changed once. Prints "applied exactly once: yes" or "no" (exit code 0 or 1).
 */
import {
  apiClient,
  type Json,
  changeBody,
  freshClusters,
  log,
  postgresQuery,
  startServer,
  throwawayPostgres,
  tokenSigner,
  until,
} from './harness.js';

async function main(): Promise<boolean> {
  const database = await throwawayPostgres('portal_crash');
  const pinned = { DATABASE_URL: database.url, PORT: '' };
  let server = await startServer({ DATABASE_URL: database.url }, 'server 1');
  pinned.PORT = new URL(server.url).port;
  const env = { ...pinned, PUBLIC_URL: server.url };
  const pgq = postgresQuery(database.url);
  try {
    log(`server 1 ready on ${server.url}`);
    const api = apiClient(await tokenSigner(pgq.query, server.url));
    const call = (method: string, p: string, email = 'operator@example.com', body?: unknown) =>
      api.call(server.url, method, p, email, body);

    const [cluster] = await freshClusters(pgq.query, 1);
    if (!cluster) throw new Error('no fresh cluster in the demo seed');
    const cfg = await call('GET', `/api/v1/devops/cloudconfig/clusters/${cluster}/config`);
    const wanted = {
      'pd:schedule.leader-schedule-limit': '12',
      'tikv:server.grpc-concurrency': '8',
      'tidb:token-limit': '2048',
    };
    const { change_id: changeId } = await call(
      'POST',
      `/api/v1/devops/cloudconfig/clusters/${cluster}/changes`,
      'operator@example.com',
      changeBody(cluster, cfg.configuration.fingerprint, wanted, 'crash test'),
    );
    const detail = async () => (await call('GET', `/api/v1/devops/cloudconfig/changes/${changeId}`)).change;
    log(`change ${changeId} on cluster ${cluster}: ${(await detail()).phase}`);
    await call(
      'POST',
      `/api/v1/devops/approval/approvals/${(await detail()).approval_id}/approve`,
      'admin@example.com',
      {},
    );
    await until('wait_for_apply', async () => ((await detail()).phase === 'wait_for_apply' ? true : undefined));
    const { instance_id: operationId } = await call(
      'POST',
      `/api/v1/devops/cloudconfig/changes/${changeId}/apply`,
      'operator@example.com',
      {},
    );
    log(`change ${changeId} applying, operation ${operationId}`);

    const stepRows = async () =>
      (await pgq.query<Json>(
        'SELECT seq, name, status, runs FROM operation_steps WHERE operation_id = $1 ORDER BY seq',
        [operationId],
      )) as {
        seq: number;
        name: string;
        status: string;
        runs: number;
      }[];
    // Kill once the first restart is done and the second is under way: between two steps.
    const atKill = await until(
      'the first restart step to finish',
      async () => {
        const s = await stepRows();
        return s[1]?.status === 'succeeded' && s[2]?.status === 'running' ? s : undefined;
      },
      30_000,
      50,
    );
    await server.stop('SIGKILL');
    const phaseAtKill = (await pgq.query<Json>('SELECT phase FROM config_changes WHERE id = $1', [changeId]))[0]?.phase;
    log(`SIGKILL: change ${phaseAtKill}; steps ${atKill.map((s) => `${s.name}=${s.status}/${s.runs}`).join(', ')}`);

    log('server 2 starting on the same database and address');
    server = await startServer(env, 'server 2');
    const final = await until('the change to be applied', async () => {
      const c = await detail();
      return c.phase === 'applied' || c.phase === 'wait_for_apply' ? c : undefined;
    });
    const steps = await stepRows();
    const op = (await pgq.query<Json>('SELECT status FROM operations WHERE id = $1', [operationId]))[0]
      ?.status as string;
    const custom = Object.fromEntries(
      (
        await pgq.query<Json>('SELECT config_type, name, value FROM config_custom_params WHERE target_id = $1', [
          cluster,
        ])
      ).map((r) => [`${r.config_type}:${r.name}`, r.value]),
    );
    const audit = await pgq.query<Json>(
      `SELECT operation, count(*)::int AS n FROM audit_logs WHERE type = 'cloud_config_change' AND instance_id = $1 GROUP BY 1`,
      [changeId],
    );
    const count = (op: string) => audit.find((a) => a.operation === op)?.n ?? 0;
    const valuesOk = JSON.stringify(Object.entries(custom).sort()) === JSON.stringify(Object.entries(wanted).sort());
    const once =
      final.phase === 'applied' &&
      op === 'succeeded' &&
      steps.every((s) => s.status === 'succeeded' && s.runs === 1) &&
      valuesOk &&
      count('applied') === 1 &&
      count('apply') === 1;
    log(`after restart: change ${final.phase}, operation ${op}`);
    console.log(`step runs: ${steps.map((s) => `${s.name}=${s.runs}`).join(', ')}`);
    console.log(`cluster custom parameters: ${JSON.stringify(custom)} (expected ${valuesOk ? 'yes' : 'NO'})`);
    console.log(`audit rows: ${audit.map((a) => `${a.operation}=${a.n}`).join(', ')}`);
    console.log(`applied exactly once: ${once ? 'yes' : 'no'}`);
    return once;
  } finally {
    await server.stop();
    await pgq.end().catch(() => undefined);
    await database.drop();
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err: unknown) => {
    console.error(`crash test failed: ${(err as Error).stack ?? String(err)}`);
    process.exit(1);
  },
);
