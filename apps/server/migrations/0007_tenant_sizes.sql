CREATE TABLE "tenant_sizes" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"projects" bigint DEFAULT 0 NOT NULL,
	"clusters" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- tenant_sizes: each tenant's number of projects and clusters, kept like the counters of migration 0003 by
-- statement-level triggers with transition tables (one upsert per statement, in key order so concurrent writers lock
-- size rows in the same order). An UPDATE moving rows between tenants moves their counts; other updates net to zero
-- and are skipped. A deleted tenant's row goes with it; TRUNCATE zeroes the column. refresh_platform_counts() now
-- rebuilds the sizes too (the bulk seed loads with the triggers disabled).
-- One function for both tables; the trigger's argument names the column (projects or clusters). The statement is
-- dynamic only in that column name; the transition tables are visible to it as to any query of the trigger.
CREATE FUNCTION tenant_sizes_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  col text := TG_ARGV[0];
  moved text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    EXECUTE format('UPDATE tenant_sizes SET %1$I = 0 WHERE %1$I <> 0', col);
    RETURN NULL;
  END IF;
  moved := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT tenant_id, 1 AS d FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT tenant_id, -1 AS d FROM old_rows'
    ELSE 'SELECT tenant_id, 1 AS d FROM new_rows UNION ALL SELECT tenant_id, -1 AS d FROM old_rows'
  END;
  EXECUTE format(
    'INSERT INTO tenant_sizes AS s (tenant_id, %1$I)
       SELECT tenant_id, sum(d) FROM (%2$s) moved GROUP BY 1 HAVING sum(d) <> 0 ORDER BY 1
       ON CONFLICT (tenant_id) DO UPDATE SET %1$I = s.%1$I + EXCLUDED.%1$I',
    col, moved);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION tenant_sizes_tenants_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM tenant_sizes WHERE tenant_id IN (SELECT id FROM old_rows);
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM tenant_sizes;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER clusters_sizes_ins AFTER INSERT ON clusters REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tenant_sizes_apply('clusters');
--> statement-breakpoint
CREATE TRIGGER clusters_sizes_upd AFTER UPDATE ON clusters REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tenant_sizes_apply('clusters');
--> statement-breakpoint
CREATE TRIGGER clusters_sizes_del AFTER DELETE ON clusters REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tenant_sizes_apply('clusters');
--> statement-breakpoint
CREATE TRIGGER clusters_sizes_trunc AFTER TRUNCATE ON clusters
  FOR EACH STATEMENT EXECUTE FUNCTION tenant_sizes_apply('clusters');
--> statement-breakpoint
CREATE TRIGGER projects_sizes_ins AFTER INSERT ON projects REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tenant_sizes_apply('projects');
--> statement-breakpoint
CREATE TRIGGER projects_sizes_upd AFTER UPDATE ON projects REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tenant_sizes_apply('projects');
--> statement-breakpoint
CREATE TRIGGER projects_sizes_del AFTER DELETE ON projects REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tenant_sizes_apply('projects');
--> statement-breakpoint
CREATE TRIGGER projects_sizes_trunc AFTER TRUNCATE ON projects
  FOR EACH STATEMENT EXECUTE FUNCTION tenant_sizes_apply('projects');
--> statement-breakpoint
CREATE TRIGGER tenants_sizes_del AFTER DELETE ON tenants REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tenant_sizes_tenants_apply();
--> statement-breakpoint
CREATE TRIGGER tenants_sizes_trunc AFTER TRUNCATE ON tenants
  FOR EACH STATEMENT EXECUTE FUNCTION tenant_sizes_tenants_apply();
--> statement-breakpoint
-- Recomputes every counter from its table; writers are held off (SHARE lock) so the result is exact.
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
END
$$;
--> statement-breakpoint
SELECT refresh_platform_counts();
