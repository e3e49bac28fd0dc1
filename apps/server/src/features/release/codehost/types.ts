import type { CodehostLabel, CodehostRelease, ListResult, PullDetail, PullState, PullSummary } from '@portal/contract';

/*
 * The code host (spec §7 "labels, pulls and releases from a code-hosting service"): where a release change's pull
 * requests live. An external system, so one interface with two implementations: a GitHub-compatible REST API
 * (`github.ts`, chosen by CODEHOST_REPO) and the embedded default (`embedded.ts`): a git repository under the data
 * directory whose pull requests, labels and releases are rows of this area's tables.
 */

export interface PullFilter {
  state: PullState | 'all';
  label?: string | undefined;
  page: number;
  per_page: number;
}

export interface CodeHost {
  readonly kind: 'embedded' | 'github';
  /** `owner/name`: the one repository it serves. */
  readonly repository: string;
  labels(): Promise<CodehostLabel[]>;
  /** Newest first (by number). */
  pulls(filter: PullFilter): Promise<ListResult<PullSummary>>;
  /** The pull requests of these numbers that exist (for a change's list and its check for ready). */
  pullsByNumber(numbers: readonly number[]): Promise<Map<number, PullSummary>>;
  /** One pull request with its files and unified diff; null when there is none of that number. */
  pull(number: number): Promise<PullDetail | null>;
  /** Newest first. */
  releases(): Promise<CodehostRelease[]>;
}
