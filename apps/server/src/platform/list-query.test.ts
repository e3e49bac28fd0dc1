import { describe, expect, it } from 'vitest';
import { QueryBuilder, pgTable, text } from 'drizzle-orm/pg-core';
import { containsPattern, listOrder, pageShape, pageWindow } from './list-query.js';

const things = pgTable('things', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: text('created_at').notNull(),
});

/** The SQL text of a keys query over `things` with the page window of `q`. */
function keysSql(q: { page: number; per_page: number }): string {
  const win = pageShape(q);
  const base = new QueryBuilder().select({ id: things.id }).from(things).orderBy(things.id).limit(win.limit);
  return (win.offset ? base.offset(win.offset) : base).toSQL().sql;
}

describe('pageShape', () => {
  it('writes an offered page size into the statement and leaves OFFSET out of page 1', () => {
    expect(pageShape({ page: 1, per_page: 10 }).key).toBe('10');
    expect(keysSql({ page: 1, per_page: 10 })).toMatch(/ limit 10$/);
    expect(keysSql({ page: 1, per_page: 1 })).toMatch(/ limit 1$/);
  });

  it('takes the OFFSET of a later page as a placeholder, the offered size still literal', () => {
    expect(pageShape({ page: 3, per_page: 50 }).key).toBe('50+');
    expect(keysSql({ page: 3, per_page: 50 })).toMatch(/ limit 50 offset \$1$/);
  });

  it('takes any other page size as a placeholder, so odd sizes do not multiply the statements', () => {
    expect(pageShape({ page: 1, per_page: 7 }).key).toBe('$');
    expect(pageShape({ page: 2, per_page: 999 }).key).toBe('$+');
    expect(keysSql({ page: 2, per_page: 7 })).toMatch(/ limit \$1 offset \$2$/);
  });

  it('pageWindow gives the placeholder values of a 1-based page', () => {
    expect(pageWindow({ page: 1, per_page: 10 })).toEqual({ limit: 10, offset: 0 });
    expect(pageWindow({ page: 4, per_page: 7 })).toEqual({ limit: 7, offset: 21 });
  });
});

describe('containsPattern and listOrder', () => {
  it('matches %, _ and \\ literally', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });

  /** The ORDER BY clause of a query over `things` in the given order. */
  const orderSql = (order: ReturnType<typeof listOrder>) =>
    new QueryBuilder()
      .select({ id: things.id })
      .from(things)
      .orderBy(...order)
      .toSQL()
      .sql.replace(/^.* order by /, '');
  const keys = { name: [things.name, things.id], created_at: [things.createdAt, things.id], id: things.id };

  it("orders by the sort field's keys, all in the sort's direction, in the given (index) order", () => {
    expect(orderSql(listOrder('-name', keys, things.id))).toBe('"things"."name" desc, "things"."id" desc');
    expect(orderSql(listOrder('created_at', keys, things.id))).toBe('"things"."created_at" asc, "things"."id" asc');
  });

  it('ends with the tie-breaker once, whether or not the keys already end with it', () => {
    expect(orderSql(listOrder('-id', keys, things.id))).toBe('"things"."id" desc');
    expect(orderSql(listOrder('name', { name: things.name }, things.id))).toBe(
      '"things"."name" asc, "things"."id" asc',
    );
  });
});
