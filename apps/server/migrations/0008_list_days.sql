CREATE TABLE "list_days" (
	"list" text NOT NULL,
	"starts" timestamp with time zone NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "list_days_pk" PRIMARY KEY("list","starts")
);
--> statement-breakpoint
-- list_days: how many rows of a list were created on each UTC day, kept like the counters of migrations 0003 and 0007
-- by statement-level triggers with transition tables (one upsert per statement, in key order so concurrent writers
-- lock day rows in the same order). The trigger's argument names the list (the table). An UPDATE moving created_at
-- to another day moves the count; every other update nets to zero and writes nothing. A day whose count falls to 0
-- keeps its row (a concurrent insert may be about to need it). TRUNCATE removes the list's days.
CREATE FUNCTION list_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM list_days WHERE list = TG_ARGV[0];
    RETURN NULL;
  END IF;
  moved := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT created_at, 1 AS d FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT created_at, -1 AS d FROM old_rows'
    ELSE 'SELECT created_at, 1 AS d FROM new_rows UNION ALL SELECT created_at, -1 AS d FROM old_rows'
  END;
  EXECUTE format(
    'INSERT INTO list_days AS l (list, starts, n)
       SELECT $1, date_trunc(''day'', created_at, ''UTC''), sum(d) FROM (%s) moved GROUP BY 2 HAVING sum(d) <> 0 ORDER BY 2
       ON CONFLICT (list, starts) DO UPDATE SET n = l.n + EXCLUDED.n',
    moved) USING TG_ARGV[0];
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tenants_days_ins AFTER INSERT ON tenants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_days_apply('tenants');
--> statement-breakpoint
CREATE TRIGGER tenants_days_upd AFTER UPDATE ON tenants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_days_apply('tenants');
--> statement-breakpoint
CREATE TRIGGER tenants_days_del AFTER DELETE ON tenants REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_days_apply('tenants');
--> statement-breakpoint
CREATE TRIGGER tenants_days_trunc AFTER TRUNCATE ON tenants
  FOR EACH STATEMENT EXECUTE FUNCTION list_days_apply('tenants');
--> statement-breakpoint
CREATE TRIGGER clusters_days_ins AFTER INSERT ON clusters REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_days_apply('clusters');
--> statement-breakpoint
CREATE TRIGGER clusters_days_upd AFTER UPDATE ON clusters REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_days_apply('clusters');
--> statement-breakpoint
CREATE TRIGGER clusters_days_del AFTER DELETE ON clusters REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_days_apply('clusters');
--> statement-breakpoint
CREATE TRIGGER clusters_days_trunc AFTER TRUNCATE ON clusters
  FOR EACH STATEMENT EXECUTE FUNCTION list_days_apply('clusters');
--> statement-breakpoint
-- Recomputes every counter from its table; writers are held off (SHARE lock) so the result is exact. Now also
-- rebuilds list_days.
CREATE OR REPLACE FUNCTION refresh_platform_counts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE clusters, tenants, projects IN SHARE MODE;
  DELETE FROM cluster_counts;
  INSERT INTO cluster_counts (status, provider, cluster_type, n)
    SELECT status, provider, cluster_type, count(*) FROM clusters GROUP BY 1, 2, 3;
  DELETE FROM tenant_counts;
  INSERT INTO tenant_counts (status, n) SELECT status, count(*) FROM tenants GROUP BY 1;
  DELETE FROM project_counts;
  INSERT INTO project_counts (scope, n) SELECT 'all', count(*) FROM projects;
  DELETE FROM tenant_sizes;
  INSERT INTO tenant_sizes (tenant_id, projects, clusters)
    SELECT tenant_id, sum(p), sum(c) FROM (
      SELECT tenant_id, count(*) AS p, 0 AS c FROM projects GROUP BY 1
      UNION ALL
      SELECT tenant_id, 0, count(*) FROM clusters GROUP BY 1
    ) per_tenant
    GROUP BY 1;
  DELETE FROM list_days;
  INSERT INTO list_days (list, starts, n)
    SELECT 'tenants', date_trunc('day', created_at, 'UTC'), count(*) FROM tenants GROUP BY 2
    UNION ALL
    SELECT 'clusters', date_trunc('day', created_at, 'UTC'), count(*) FROM clusters GROUP BY 2;
END
$$;
--> statement-breakpoint
SELECT refresh_platform_counts();
--> statement-breakpoint
-- Statistics now: PGlite has no autovacuum, and without them the planner takes a list's days for a dozen rows and
-- sorts them all instead of walking the primary key from the list's end.
ANALYZE list_days;
