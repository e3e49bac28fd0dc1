import type { z } from 'zod';
import {
  canContract,
  canEditContract,
  CONTRACT_ACTION_RESULT,
  CONTRACT_ACTIONS_NEEDING_REASON,
  CONTRACT_MESSAGES,
  CONTRACT_STATUS_ACTIONS,
  contractNumber,
  contractTermProblem,
  formatDate,
  type Contract,
  type ContractAction,
  type contractActionBody,
  type contractListQuery,
  type ContractStatus,
  type createContractBody,
  type ListResult,
  type updateContractBody,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { listPage } from '../../platform/list-query.js';
import { iso, isoOrNull } from '../../platform/time.js';
import * as repo from './repo.js';
import { assertTenantOpen, auditContract, bodyTenant, fieldError, parseNumericId, tenantOr404 } from './shared.js';

/*
 * Contracts (spec §7 `contracts`, §4 "Contracts: named actions"): drafted, sent for signature, activated once
 * signed, suspended and resumed, ended by termination, expiry or cancellation (CONTRACT_STATUS_ACTIONS). Only a draft
 * is edited. Every change is one transaction with its audit row (type `billing_contract`).
 */

export function toContract(r: repo.ContractRow): Contract {
  return {
    id: String(r.id),
    contract_number: contractNumber(r.id),
    tenant_id: r.tenantId,
    tenant_name: r.tenantName,
    title: r.title,
    type: r.type as Contract['type'],
    status: r.status as ContractStatus,
    billing_company_id: r.billingCompanyId,
    start_date: iso(r.startDate),
    end_date: iso(r.endDate),
    commitment_cents: r.commitmentCents,
    currency: 'USD',
    billing_frequency: r.billingFrequency as Contract['billing_frequency'],
    payment_terms_days: r.paymentTermsDays,
    notes: r.notes,
    signed_by: r.signedBy,
    signed_at: isoOrNull(r.signedAt),
    status_reason: r.statusReason,
    created_by: r.createdBy,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
    ended_at: isoOrNull(r.endedAt),
    ended_by: r.endedBy,
    actions: [...(CONTRACT_STATUS_ACTIONS[r.status as ContractStatus] ?? [])],
  };
}

const notFound = (id: string) => new AppError('billingaccounts.contractNotFound', `Contract ${id} not found`);

async function contractOr404(db: Db, id: string, forUpdate = false): Promise<repo.ContractRow> {
  const n = parseNumericId(id);
  const row = n === undefined ? undefined : await repo.findContract(db, n, forUpdate);
  if (!row) throw notFound(id);
  return row;
}

export async function getContract(db: Db, id: string): Promise<Contract> {
  return toContract(await contractOr404(db, id));
}

export async function listContracts(db: Db, q: z.output<typeof contractListQuery>): Promise<ListResult<Contract>> {
  const page = await listPage(repo.selectContracts(db, q), repo.countContracts(db, q));
  return { total: page.total, items: page.items.map(toContract) };
}

/** The billing company a body names (400 on its field when unknown). */
async function companyOf(db: Db, id: string): Promise<string> {
  if (!(await repo.findCompany(db, id))) {
    const message = `Billing company ${id} does not exist`;
    throw new AppError('billingaccounts.unknownBillingCompany', message, [
      { field: 'body.billing_company_id', message },
    ]);
  }
  return id;
}

/** The tenant's own billing company, else the default one. */
export async function tenantCompanyId(db: Db, tenantId: string): Promise<string> {
  return (await repo.findTenantCompany(db, tenantId))?.billingCompanyId ?? (await repo.findDefaultCompany(db)).id;
}

/** Drafts a contract for an open tenant (→ draft). */
export async function createContract(
  db: Db,
  who: string,
  body: z.output<typeof createContractBody>,
  at = new Date(),
): Promise<Contract> {
  const id = await db.transaction(async (tx) => {
    const tenant = await bodyTenant(tx, body.tenant_id, 'tenant_id', true);
    assertTenantOpen(tenant, { closing: true });
    const companyId = body.billing_company_id
      ? await companyOf(tx, body.billing_company_id)
      : await tenantCompanyId(tx, tenant.id);
    const row: repo.NewContract = {
      tenantId: tenant.id,
      tenantName: tenant.name,
      title: body.title,
      type: body.type,
      status: 'draft',
      billingCompanyId: companyId,
      startDate: new Date(body.start_date),
      endDate: new Date(body.end_date),
      commitmentCents: body.commitment_cents,
      billingFrequency: body.billing_frequency,
      paymentTermsDays: body.payment_terms_days,
      notes: body.notes,
      createdBy: who,
      createdAt: at,
      updatedAt: at,
    };
    const n = await repo.insertContract(tx, row);
    const created = (await repo.findContract(tx, n))!;
    await auditContract(tx, n, who, 'create', { tenant_id: tenant.id, after: toContract(created) }, at);
    return n;
  });
  return getContract(db, String(id));
}

/** Edits a draft (409 `billingaccounts.contractNotEditable` otherwise); the term is checked as it will be. */
export async function updateContract(
  db: Db,
  id: string,
  who: string,
  body: z.output<typeof updateContractBody>,
  at = new Date(),
): Promise<Contract> {
  await db.transaction(async (tx) => {
    const row = await contractOr404(tx, id, true);
    if (!canEditContract(row.status))
      throw new AppError(
        'billingaccounts.contractNotEditable',
        `Contract ${contractNumber(row.id)} is ${row.status}: only a draft can be edited`,
        { status: row.status },
      );
    const tenant = await tenantOr404(tx, row.tenantId);
    assertTenantOpen(tenant, { closing: true });
    const patch: Partial<repo.NewContract> = {};
    if (body.title !== undefined) patch.title = body.title;
    if (body.type !== undefined) patch.type = body.type;
    if (body.billing_company_id !== undefined) patch.billingCompanyId = await companyOf(tx, body.billing_company_id);
    if (body.start_date !== undefined) patch.startDate = new Date(body.start_date);
    if (body.end_date !== undefined) patch.endDate = new Date(body.end_date);
    if (body.commitment_cents !== undefined) patch.commitmentCents = body.commitment_cents;
    if (body.billing_frequency !== undefined) patch.billingFrequency = body.billing_frequency;
    if (body.payment_terms_days !== undefined) patch.paymentTermsDays = body.payment_terms_days;
    if (body.notes !== undefined) patch.notes = body.notes;
    const next = { ...row, ...patch } as repo.ContractRow;
    const problem = contractTermProblem({
      type: next.type as Contract['type'],
      start_date: next.startDate.toISOString(),
      end_date: next.endDate.toISOString(),
      commitment_cents: next.commitmentCents,
    });
    if (problem) throw fieldError(problem.field, problem.message);
    await repo.updateContract(tx, row.id, { ...patch, updatedAt: at });
    const before = toContract(row);
    const after = toContract({ ...next, updatedAt: at });
    const changed = (Object.keys(after) as (keyof Contract)[]).filter(
      (k) => k !== 'updated_at' && JSON.stringify(before[k]) !== JSON.stringify(after[k]),
    );
    await auditContract(
      tx,
      row.id,
      who,
      'update',
      {
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: Object.fromEntries(changed.map((k) => [k, after[k]])),
      },
      at,
    );
  });
  return getContract(db, id);
}

/**
 * A named action (CONTRACT_STATUS_ACTIONS; 409 `billingaccounts.contractActionNotAllowed` otherwise). suspend,
 * terminate and cancel need a reason; activate needs who signed, a term not ended yet, and no other contract of the
 * type in force over the term; expire needs the end date passed; nothing new starts for a closing or closed tenant.
 */
export async function contractAction(
  db: Db,
  id: string,
  action: ContractAction,
  who: string,
  body: z.output<typeof contractActionBody>,
  at = new Date(),
): Promise<Contract> {
  await db.transaction(async (tx) => {
    const row = await contractOr404(tx, id, true);
    const number = contractNumber(row.id);
    if (!canContract(row.status, action))
      throw new AppError(
        'billingaccounts.contractActionNotAllowed',
        `Contract ${number} is ${row.status}: it cannot ${action}`,
        { status: row.status, action, allowed: CONTRACT_STATUS_ACTIONS[row.status as ContractStatus] ?? [] },
      );
    const reason = body.reason?.trim() || null;
    if (CONTRACT_ACTIONS_NEEDING_REASON.includes(action) && !reason)
      throw fieldError('reason', CONTRACT_MESSAGES.reasonRequired);
    const signedBy = body.signed_by?.trim() || null;
    if (action === 'activate' && !signedBy) throw fieldError('signed_by', CONTRACT_MESSAGES.signedByRequired);

    if (action === 'submit' || action === 'activate' || action === 'resume') {
      assertTenantOpen(await tenantOr404(tx, row.tenantId), { closing: true });
    }
    if (action === 'activate') {
      if (row.endDate.getTime() < at.getTime())
        throw new AppError(
          'billingaccounts.contractEnded',
          `Contract ${number} ended on ${formatDate(row.endDate)}: it cannot be activated`,
          { end_date: iso(row.endDate) },
        );
    }
    if (action === 'activate' || action === 'resume') {
      const other = await repo.findOverlapping(tx, row);
      if (other)
        throw new AppError(
          'billingaccounts.contractOverlap',
          `Contract ${contractNumber(other.id)} (${other.type}, ${formatDate(other.startDate)} to ${formatDate(other.endDate)}) is ${other.status} over the same period`,
          { contract_id: String(other.id), status: other.status },
        );
    }
    if (action === 'expire' && row.endDate.getTime() >= at.getTime())
      throw new AppError(
        'billingaccounts.contractNotEnded',
        `Contract ${number} runs until ${formatDate(row.endDate)}: it cannot expire before`,
        { end_date: iso(row.endDate) },
      );

    const status = CONTRACT_ACTION_RESULT[action];
    const ends = status === 'expired' || status === 'terminated' || status === 'cancelled';
    const patch: Partial<repo.NewContract> = { status, updatedAt: at };
    if (action === 'activate') Object.assign(patch, { signedBy, signedAt: at, statusReason: null });
    if (action === 'resume' || action === 'withdraw' || action === 'submit') patch.statusReason = null;
    if (reason) patch.statusReason = reason;
    if (action === 'expire') patch.statusReason = `Ended on ${formatDate(row.endDate)}`;
    if (ends) Object.assign(patch, { endedAt: at, endedBy: who });
    await repo.updateContract(tx, row.id, patch);
    await auditContract(
      tx,
      row.id,
      who,
      action,
      {
        tenant_id: row.tenantId,
        ...(reason ? { reason } : {}),
        before: { status: row.status },
        after: {
          status,
          ...(signedBy ? { signed_by: signedBy } : {}),
          ...(patch.statusReason !== undefined ? { status_reason: patch.statusReason } : {}),
        },
      },
      at,
    );
  });
  return getContract(db, id);
}

/** The contract and its company, for the PDF. */
export async function contractForPdf(db: Db, id: string) {
  const row = await contractOr404(db, id);
  const c = (await repo.findCompany(db, row.billingCompanyId)) ?? (await repo.findDefaultCompany(db));
  const company = { name: c.name, address: c.address, country: c.country, tax_id: c.taxId, email: c.email };
  return { contract: toContract(row), company };
}
