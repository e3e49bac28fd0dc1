import { z } from 'zod';
import { MAX_DIFF_BYTES, PULL_FILE_STATUSES, type PullFile, type PullSummary } from '@portal/contract';
import { AppError } from '../../../platform/errors.js';
import { callOut } from '../../../platform/outbound.js';
import type { CodeHost } from './types.js';

/*
 * A GitHub-compatible REST code host (GitHub, GitHub Enterprise `https://ghe.example.com/api/v3`; Gitea and Forgejo
 * answer the same paths under `/api/v1`): CODEHOST_API_URL (default https://api.github.com), CODEHOST_REPO
 * (`owner/name`), CODEHOST_TOKEN (sent as a bearer token; a token that can read the repository).
 *
 * The pulls API has no label filter and no `merged` state, so a list reads the newest PULL_WINDOW pull requests of the
 * state (`closed` for merged), filters them here and pages the result: lists reach back that far, no further.
 */

export const PULL_WINDOW = 300;
const PER_PAGE = 100;

export interface GithubOptions {
  apiUrl: string;
  repository: string;
  token: string | undefined;
  /** Per request; 10 s by default. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const ghLabel = z.object({ name: z.string(), color: z.string().default(''), description: z.string().nullish() });
const ghPull = z.object({
  number: z.number().int(),
  title: z.string(),
  body: z.string().nullish(),
  state: z.string(),
  html_url: z.string().nullish(),
  user: z.object({ login: z.string() }).nullish(),
  labels: z.array(z.object({ name: z.string() })).default([]),
  head: z.object({ ref: z.string(), sha: z.string() }),
  base: z.object({ ref: z.string(), sha: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
  merged_at: z.string().nullish(),
  closed_at: z.string().nullish(),
});
const ghFile = z.object({
  filename: z.string(),
  status: z.string(),
  additions: z.number().int().default(0),
  deletions: z.number().int().default(0),
});
const ghRelease = z.object({
  tag_name: z.string(),
  name: z.string().nullish(),
  body: z.string().nullish(),
  target_commitish: z.string().nullish(),
  draft: z.boolean().default(false),
  prerelease: z.boolean().default(false),
  published_at: z.string().nullish(),
  html_url: z.string().nullish(),
});

const toSummary = (p: z.infer<typeof ghPull>): PullSummary => ({
  number: p.number,
  title: p.title,
  state: p.merged_at ? 'merged' : p.state === 'open' ? 'open' : 'closed',
  author: p.user?.login ?? '',
  labels: p.labels.map((l) => l.name),
  head_ref: p.head.ref,
  base_ref: p.base.ref,
  url: p.html_url ?? null,
  created_at: p.created_at,
  updated_at: p.updated_at,
  merged_at: p.merged_at ?? null,
  closed_at: p.closed_at ?? null,
});

/** GitHub's file statuses, in the contract's words (`copied`, `changed`… read as modified). */
const fileStatus = (s: string): PullFile['status'] =>
  (PULL_FILE_STATUSES as readonly string[]).includes(s) ? (s as PullFile['status']) : 'modified';

export function githubCodeHost(opts: GithubOptions): CodeHost {
  const base = `${opts.apiUrl.replace(/\/$/, '')}/repos/${opts.repository}`;
  const unavailable = (why: string) =>
    new AppError('release.codehostUnavailable', `The code host could not be read (${opts.repository}): ${why}`);

  /** GET a path of the repository; null on 404. */
  async function get(path: string, accept = 'application/vnd.github+json'): Promise<Response | null> {
    const res = await callOut(`${base}${path}`, {
      headers: { accept, 'x-github-api-version': '2022-11-28' },
      token: opts.token,
      timeoutMs: opts.timeoutMs ?? 10_000,
      fetch: opts.fetch,
      unavailable,
    });
    if (res.status === 404) return null;
    if (!res.ok) throw unavailable(`it answered ${res.status}`);
    return res;
  }
  async function json<T extends z.ZodType>(path: string, schema: T): Promise<z.output<T> | null> {
    const res = await get(path);
    if (!res) return null;
    const parsed = schema.safeParse(await res.json().catch(() => undefined));
    if (!parsed.success) throw unavailable(`unexpected answer from ${path.split('?')[0]}`);
    return parsed.data;
  }
  /** Up to `max` items of a paged list. */
  async function pages<T extends z.ZodType>(path: string, item: T, max: number): Promise<z.output<T>[]> {
    const out: z.output<T>[] = [];
    const sep = path.includes('?') ? '&' : '?';
    for (let page = 1; out.length < max; page++) {
      const batch = await json(`${path}${sep}per_page=${PER_PAGE}&page=${page}`, z.array(item));
      if (!batch) break;
      out.push(...batch);
      if (batch.length < PER_PAGE) break;
    }
    return out.slice(0, max);
  }

  return {
    kind: 'github',
    repository: opts.repository,
    async labels() {
      const rows = await pages('/labels', ghLabel, 1000);
      return rows.map((l) => ({ name: l.name, color: l.color, description: l.description ?? '' }));
    },
    async pulls(filter) {
      const state = filter.state === 'merged' ? 'closed' : filter.state;
      const rows = (await pages(`/pulls?state=${state}&sort=created&direction=desc`, ghPull, PULL_WINDOW))
        .map(toSummary)
        .filter((p) => filter.state === 'all' || p.state === filter.state)
        .filter((p) => !filter.label || p.labels.includes(filter.label))
        .sort((a, b) => b.number - a.number);
      const start = (filter.page - 1) * filter.per_page;
      return { items: rows.slice(start, start + filter.per_page), total: rows.length };
    },
    async pullsByNumber(numbers) {
      const found = await Promise.all(numbers.map((n) => json(`/pulls/${n}`, ghPull)));
      return new Map(found.filter((p) => p !== null).map((p) => [p.number, toSummary(p)]));
    },
    async pull(number) {
      const pull = await json(`/pulls/${number}`, ghPull);
      if (!pull) return null;
      const [files, diffRes] = await Promise.all([
        pages(`/pulls/${number}/files`, ghFile, 3000),
        get(`/pulls/${number}`, 'application/vnd.github.diff'),
      ]);
      const diff = diffRes ? await diffRes.text() : '';
      const truncated = Buffer.byteLength(diff) > MAX_DIFF_BYTES;
      return {
        ...toSummary(pull),
        body: pull.body ?? '',
        head_sha: pull.head.sha,
        base_sha: pull.base.sha,
        files: files.map((f) => ({
          filename: f.filename,
          status: fileStatus(f.status),
          additions: f.additions,
          deletions: f.deletions,
        })),
        diff: truncated
          ? Buffer.from(diff)
              .subarray(0, MAX_DIFF_BYTES)
              .toString('utf8')
              .replace(/[^\n]*$/, '')
          : diff,
        diff_truncated: truncated,
      };
    },
    async releases() {
      const rows = await pages('/releases', ghRelease, 300);
      return rows.map((r) => ({
        tag_name: r.tag_name,
        name: r.name || r.tag_name,
        body: r.body ?? '',
        sha: r.target_commitish && /^[0-9a-f]{40}$/.test(r.target_commitish) ? r.target_commitish : null,
        draft: r.draft,
        prerelease: r.prerelease,
        published_at: r.published_at ?? null,
        url: r.html_url ?? null,
      }));
    },
  };
}
