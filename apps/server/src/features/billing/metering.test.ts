import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Invoice } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  clusterUsage,
  meterAndCloseMonths,
  monthPieces,
  observeUsage,
  recordUsage,
  spanOf,
  type MeteredCluster,
} from './metering.js';

/*
 * Metering on a fixed clock (months of 2030, after everything the demo seeds): rounds accrue the fleet's usage into
 * the running month's meter lines and its draft invoice, a span crossing a month start is cut there, the month close
 * meters an ended month to its end before closing it, a confirmed month is never metered again, and a stale round
 * (another one recorded meanwhile) records nothing. None of it depends on today's date.
 */

const B = '/api/v1/devops/billing-proxy/api/v1/billing';
const ADMIN = 'admin@example.com';
const at = (s: string) => new Date(s);

describe('the metering model', () => {
  const dedicated: MeteredCluster = {
    id: '10000000000000042',
    tenantId: 't',
    projectId: 'p',
    type: 'DEDICATED_TIDB',
    status: 'USER_CLUSTER_STATUS_AVAILABLE',
    provider: 'AWS',
    createdAt: at('2030-01-01T00:00:00Z'),
    components: [
      { component: 'TIDB', replicas: 2, nodeSpec: '8C16G', storageGib: 0 },
      { component: 'TIKV', replicas: 3, nodeSpec: '4C16G', storageGib: 500 },
      { component: 'PD', replicas: 3, nodeSpec: '4C8G', storageGib: 0 },
    ],
  };

  it('bills vCPU-hours per component, storage per GiB-month, and derived transfer and backup', () => {
    const usage = Object.fromEntries(
      clusterUsage(dedicated, { hours: 10, share: 0.5 }).map((u) => [u.filterId, u.qty]),
    );
    expect(usage).toEqual({
      'dedicated.compute.tidb': 2 * 8 * 10,
      'dedicated.compute.tikv': 3 * 4 * 10,
      'dedicated.storage.tikv': 3 * 500 * 0.5,
      'dedicated.backup.storage': 3 * 500 * 0.5 * 0.45,
      'dedicated.data_transfer.cross_az': 3 * 500 * 0.5 * 0.6,
      'dedicated.data_transfer.internet': 2 * 8 * 10 * 0.02,
    });
  });

  it('a paused cluster pays for its storage only; a deleted one, or one not yet created, for nothing', () => {
    const start = at('2030-03-01T00:00:00Z');
    const end = at('2030-04-01T00:00:00Z');
    const paused = { ...dedicated, status: 'USER_CLUSTER_STATUS_PAUSED' };
    const span = spanOf(paused, start, at('2030-03-11T00:00:00Z'), start, end)!;
    expect(span).toEqual({ hours: 0, share: 10 / 31 });
    expect(clusterUsage(paused, span).map((u) => u.filterId)).toEqual([
      'dedicated.storage.tikv',
      'dedicated.backup.storage',
    ]);
    expect(spanOf({ ...dedicated, status: 'USER_CLUSTER_STATUS_DELETED' }, start, end, start, end)).toBeNull();
    expect(spanOf({ ...dedicated, createdAt: end }, start, end, start, end)).toBeNull();
    // Created mid-span: only the hours since.
    const late = spanOf({ ...dedicated, createdAt: at('2030-03-31T12:00:00Z') }, start, end, start, end)!;
    expect(late.hours).toBe(12);
  });

  it('cuts a span at each month start', () => {
    expect(
      monthPieces(at('2030-01-31T20:00:00Z'), at('2030-03-01T01:00:00Z')).map((p) => [
        p.month,
        p.from.toISOString(),
        p.to.toISOString(),
      ]),
    ).toEqual([
      ['2030-01', '2030-01-31T20:00:00.000Z', '2030-02-01T00:00:00.000Z'],
      ['2030-02', '2030-02-01T00:00:00.000Z', '2030-03-01T00:00:00.000Z'],
      ['2030-03', '2030-03-01T00:00:00.000Z', '2030-03-01T01:00:00.000Z'],
    ]);
    expect(monthPieces(at('2030-03-01T00:00:00Z'), at('2030-03-01T00:00:00Z'))).toEqual([]);
  });
});

describe('metering rounds (fixed clock, 2030)', () => {
  let t: TestApp;
  /** A billed tenant's project with exactly one cluster, dedicated and running, with TiDB nodes. */
  let subject: { tenant_id: string; project_id: string; provider: string; tidb_vcpus: number };

  const round = async (to: string) => {
    const observed = await observeUsage(t.database.db, at(to));
    return t.database.db.transaction((tx) => recordUsage(tx, observed));
  };
  const tidbLine = async (month: string) =>
    (
      await t.database.rows<{ quantity: number; exact_quantity: string; amount: number; price_cents: number }>(sql`
        select quantity::int as quantity, exact_quantity, amount::int as amount, price_cents from billing_usage
        where source = 'meter' and tenant_id = ${subject.tenant_id} and project_id = ${subject.project_id}
          and month = ${`${month}-01`} and filter_id = 'dedicated.compute.tidb'`)
    )[0];
  const monthInvoice = async (month: string) => {
    const [row] = await t.database.rows<{ id: number }>(sql`
      select id::int as id from billing_invoices
      where tenant_id = ${subject.tenant_id} and kind = 'usage' and period_start = ${`${month}-01T00:00:00Z`}`);
    if (!row) return undefined;
    const res = await t.app.inject({ method: 'GET', url: `${B}/invoices/${row.id}`, headers: await t.as(ADMIN) });
    return res.json().invoice as Invoice;
  };
  const through = async () =>
    (await t.database.rows<{ through: string }>(sql`select metered_through::text as through from billing_metering`))[0]
      ?.through;

  beforeAll(async () => {
    t = await createTestApp();
    const [row] = await t.database.rows<typeof subject>(sql`
      select c.tenant_id, c.project_id, c.provider, sum(k.replicas * split_part(k.node_spec, 'C', 1)::int)::int as tidb_vcpus
      from clusters c join cluster_components k on k.cluster_id = c.id and k.component = 'TIDB'
      where c.cluster_type = 'DEDICATED_TIDB' and c.status = 'USER_CLUSTER_STATUS_AVAILABLE'
        and c.provider in ('AWS', 'GCP', 'AZURE')
        and exists (select 1 from billing_configs b where b.tenant_id = c.tenant_id and b.expired_date is null)
        and (select count(*) from clusters o where o.project_id = c.project_id
             and o.status <> 'USER_CLUSTER_STATUS_DELETED') = 1
      group by c.tenant_id, c.project_id, c.provider, c.id
      order by c.id limit 1`);
    if (!row) throw new Error('the demo has no single-cluster project of a billed tenant');
    subject = row;
    // The meter stopped at the start of March 2030 (as if the months before were metered and closed).
    await t.database.rows(sql`update billing_metering set metered_through = '2030-03-01T00:00:00Z'`);
    // Only the subject is still billed in 2030, and the demo's drafts are closed already: each round and month close
    // below then concerns one tenant (the whole fleet took ~35 s on PostgreSQL in CI).
    await t.database.rows(
      sql`update billing_configs set expired_date = '2029-12-31' where tenant_id <> ${subject.tenant_id}`,
    );
    await t.database.rows(sql`update billing_invoices set status = 'unconfirmed' where status = 'draft'`);
  }, 60_000);
  afterAll(() => t?.close());

  it('the app queues the metering round a period after its start', async () => {
    const [job] = await t.database.rows<{ minutes: number }>(
      sql`select round(extract(epoch from run_at - now()) / 60)::int as minutes from jobs where kind = 'billing.meter'`,
    );
    expect(job!.minutes).toBeGreaterThan(55);
    expect(job!.minutes).toBeLessThanOrEqual(60);
  });

  it('a round accrues the hours since the last one into the month’s lines and its draft invoice', async () => {
    const r = await round('2030-03-11T00:00:00Z');
    expect(r.skipped).toBeUndefined();
    expect(r.months).toHaveLength(1);
    expect(r.months[0]).toMatchObject({ month: '2030-03', frozen: [] });
    expect(r.months[0]!.tenants).toBe(1);
    const line = await tidbLine('2030-03');
    expect(line!.quantity).toBe(subject.tidb_vcpus * 240);
    expect(line!.amount).toBe(Math.round((subject.tidb_vcpus * 240 * line!.price_cents) / 100));
    const inv = await monthInvoice('2030-03');
    expect(inv).toMatchObject({ status: 'draft', start_date: '2030-03-01T00:00:00.000Z' });
    const [sum] = await t.database.rows<{ total: number }>(sql`
      select sum(amount)::int as total from billing_usage
      where tenant_id = ${subject.tenant_id} and month = '2030-03-01'`);
    expect(inv!.cost_price).toBe(sum!.total);
    expect(await through()).toMatch(/^2030-03-11 00:00:00/);
    const [row] = await t.database.rows<{ operator: string; details: { lines: number } }>(sql`
      select operator, details from audit_logs
      where type = 'billing_usage' and instance_id = 'meter:2030-03' and operation = 'meter_usage'`);
    expect(row).toMatchObject({ operator: 'system' });
    expect(row!.details.lines).toBe(r.months[0]!.lines);
  });

  it('the next round adds to the same lines (no second line), and a draft cannot be confirmed', async () => {
    await round('2030-03-21T00:00:00Z');
    const line = await tidbLine('2030-03');
    expect(line!.quantity).toBe(subject.tidb_vcpus * 480);
    const [n] = await t.database.rows<{ n: number }>(sql`
      select count(*)::int as n from billing_usage where source = 'meter' and tenant_id = ${subject.tenant_id}
        and project_id = ${subject.project_id} and month = '2030-03-01' and filter_id = 'dedicated.compute.tidb'`);
    expect(n!.n).toBe(1);
    const inv = (await monthInvoice('2030-03'))!;
    const res = await t.app.inject({
      method: 'PUT',
      url: `${B}/invoices/${inv.invoice_id}/confirm`,
      headers: await t.as(ADMIN),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'billing.invoiceActionNotAllowed' });
  });

  it('a round that read before another one recorded is stale: it records nothing', async () => {
    const early = await observeUsage(t.database.db, at('2030-03-22T00:00:00Z'));
    await round('2030-03-23T00:00:00Z');
    const stale = await t.database.db.transaction((tx) => recordUsage(tx, early));
    expect(stale.skipped).toMatch(/meanwhile/);
    expect((await tidbLine('2030-03'))!.quantity).toBe(subject.tidb_vcpus * 528);
  });

  it('the month close meters the ended month to its end, then closes its draft (audited as system)', async () => {
    await t.database.db.transaction((tx) => meterAndCloseMonths(tx, at('2030-04-02T00:00:00Z')));
    expect((await tidbLine('2030-03'))!.quantity).toBe(subject.tidb_vcpus * 744);
    const inv = (await monthInvoice('2030-03'))!;
    expect(inv.status).toBe('unconfirmed');
    const [last] = await t.database.rows<{ operation: string; operator: string }>(sql`
      select operation, operator from audit_logs where type = 'billing_invoice' and instance_id = ${inv.invoice_id}
      order by id desc limit 1`);
    expect(last).toEqual({ operation: 'close_month', operator: 'system' });
    expect(await through()).toMatch(/^2030-04-01 00:00:00/);
    expect(await tidbLine('2030-04')).toBeUndefined();
  });

  it('a span across a month start goes to both months; a confirmed month is not metered again', async () => {
    const march = (await monthInvoice('2030-03'))!;
    const confirm = await t.app.inject({
      method: 'PUT',
      url: `${B}/invoices/${march.invoice_id}/confirm`,
      headers: await t.as(ADMIN),
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    // As if the meter had stopped a day before the end of March.
    await t.database.rows(sql`update billing_metering set metered_through = '2030-03-31T00:00:00Z'`);
    const r = await round('2030-04-02T00:00:00Z');
    expect(r.months.map((m) => m.month)).toEqual(['2030-03', '2030-04']);
    expect(r.months[0]!.frozen).toContain(subject.tenant_id);
    expect((await tidbLine('2030-03'))!.quantity).toBe(subject.tidb_vcpus * 744);
    expect((await monthInvoice('2030-03'))!.total_amount).toBe(march.total_amount);
    expect((await tidbLine('2030-04'))!.quantity).toBe(subject.tidb_vcpus * 24);
    expect((await monthInvoice('2030-04'))!.status).toBe('draft');
  });
});
