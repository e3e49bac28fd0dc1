import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listQuery, parseSort, repeated } from './list.js';

describe('listQuery', () => {
  const q = listQuery(
    { status: repeated(z.enum(['A', 'B'])), search: z.string().optional() },
    ['name', 'created_at'],
    '-created_at',
  );

  it('defaults to the first page of 10', () => {
    expect(q.parse({})).toEqual({ page: 1, per_page: 10, sort: '-created_at' });
  });

  it('coerces query strings and accepts repeated keys', () => {
    expect(q.parse({ page: '3', per_page: '25', status: ['A', 'B'], sort: '-name' })).toEqual({
      page: 3,
      per_page: 25,
      status: ['A', 'B'],
      sort: '-name',
    });
    expect(q.parse({ status: 'A' }).status).toEqual(['A']);
  });

  it('refuses page 0, a sort on an unsortable field and an unknown filter value', () => {
    expect(q.safeParse({ page: '0' }).success).toBe(false);
    expect(q.safeParse({ sort: 'email' }).success).toBe(false);
    expect(q.safeParse({ status: 'C' }).success).toBe(false);
  });

  it('parses sort direction', () => {
    expect(parseSort('-created_at')).toEqual({ field: 'created_at', desc: true });
    expect(parseSort('name')).toEqual({ field: 'name', desc: false });
    expect(parseSort(undefined)).toBeUndefined();
  });
});
