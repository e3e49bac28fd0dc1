import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { USER_MANUAL_URL } from '@portal/contract';

// The header's User Manual link opens this static page; Vite copies public/ into the build the server serves.
const manual = readFileSync(join(import.meta.dirname, '../../../public/manual.html'), 'utf8');

describe('the User Manual', () => {
  it('is the page the header links to, served from the portal itself', () => {
    expect(USER_MANUAL_URL).toBe('/manual.html');
    expect(manual).toMatch(/^<!doctype html>/i);
  });

  it('covers finding a tenant or cluster, making and approving a change, and reading an operation', () => {
    for (const heading of [
      'Find a tenant or a cluster',
      'Make a configuration change',
      'Approve a change',
      'Apply a change',
      'Read an operation',
    ])
      expect(manual).toContain(heading);
  });

  it('links the API docs and works offline and under the portal CSP (no scripts, nothing from elsewhere)', () => {
    expect(manual).toContain('href="/api/docs"');
    expect(manual).not.toMatch(/<script/i);
    expect(manual).not.toMatch(/(src|href)="(https?:)?\/\//i);
  });
});
