-- Exact per-dimension counters for clusters, tenants and projects, kept by statement-level triggers with transition
-- tables: one counter upsert per statement (not per row), and an UPDATE that moves rows between dimensions moves
-- their counts (+1 new, -1 old; unchanged dimensions net to zero and are skipped). Upserts run in key order so two
-- writers lock counter rows in the same order and cannot deadlock on them. TRUNCATE empties the counters.
-- refresh_platform_counts() recomputes everything from the tables (the bulk seed loads with the triggers disabled).
CREATE FUNCTION cluster_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO cluster_counts AS c (status, provider, cluster_type, n)
      SELECT status, provider, cluster_type, count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (status, provider, cluster_type) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO cluster_counts AS c (status, provider, cluster_type, n)
      SELECT status, provider, cluster_type, -count(*) FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (status, provider, cluster_type) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO cluster_counts AS c (status, provider, cluster_type, n)
      SELECT status, provider, cluster_type, sum(d) FROM (
        SELECT status, provider, cluster_type, 1 AS d FROM new_rows
        UNION ALL
        SELECT status, provider, cluster_type, -1 AS d FROM old_rows
      ) moved
      GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (status, provider, cluster_type) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM cluster_counts;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION tenant_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO tenant_counts AS c (status, n)
      SELECT status, count(*) FROM new_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (status) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO tenant_counts AS c (status, n)
      SELECT status, -count(*) FROM old_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (status) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO tenant_counts AS c (status, n)
      SELECT status, sum(d) FROM (
        SELECT status, 1 AS d FROM new_rows
        UNION ALL
        SELECT status, -1 AS d FROM old_rows
      ) moved
      GROUP BY 1 HAVING sum(d) <> 0 ORDER BY 1
      ON CONFLICT (status) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM tenant_counts;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION project_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT -count(*) INTO delta FROM old_rows;
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM project_counts;
    RETURN NULL;
  END IF;
  IF delta <> 0 THEN
    INSERT INTO project_counts AS c (scope, n) VALUES ('all', delta)
      ON CONFLICT (scope) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER clusters_counts_ins AFTER INSERT ON clusters REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cluster_counts_apply();
--> statement-breakpoint
CREATE TRIGGER clusters_counts_upd AFTER UPDATE ON clusters REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cluster_counts_apply();
--> statement-breakpoint
CREATE TRIGGER clusters_counts_del AFTER DELETE ON clusters REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cluster_counts_apply();
--> statement-breakpoint
CREATE TRIGGER clusters_counts_trunc AFTER TRUNCATE ON clusters
  FOR EACH STATEMENT EXECUTE FUNCTION cluster_counts_apply();
--> statement-breakpoint
CREATE TRIGGER tenants_counts_ins AFTER INSERT ON tenants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tenant_counts_apply();
--> statement-breakpoint
CREATE TRIGGER tenants_counts_upd AFTER UPDATE ON tenants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tenant_counts_apply();
--> statement-breakpoint
CREATE TRIGGER tenants_counts_del AFTER DELETE ON tenants REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tenant_counts_apply();
--> statement-breakpoint
CREATE TRIGGER tenants_counts_trunc AFTER TRUNCATE ON tenants
  FOR EACH STATEMENT EXECUTE FUNCTION tenant_counts_apply();
--> statement-breakpoint
CREATE TRIGGER projects_counts_ins AFTER INSERT ON projects REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION project_counts_apply();
--> statement-breakpoint
CREATE TRIGGER projects_counts_del AFTER DELETE ON projects REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION project_counts_apply();
--> statement-breakpoint
CREATE TRIGGER projects_counts_trunc AFTER TRUNCATE ON projects
  FOR EACH STATEMENT EXECUTE FUNCTION project_counts_apply();
--> statement-breakpoint
-- Recomputes every counter from its table; writers are held off (SHARE lock) so the result is exact.
CREATE FUNCTION refresh_platform_counts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE clusters, tenants, projects IN SHARE MODE;
  DELETE FROM cluster_counts;
  INSERT INTO cluster_counts (status, provider, cluster_type, n)
    SELECT status, provider, cluster_type, count(*) FROM clusters GROUP BY 1, 2, 3;
  DELETE FROM tenant_counts;
  INSERT INTO tenant_counts (status, n) SELECT status, count(*) FROM tenants GROUP BY 1;
  DELETE FROM project_counts;
  INSERT INTO project_counts (scope, n) SELECT 'all', count(*) FROM projects;
END
$$;
--> statement-breakpoint
SELECT refresh_platform_counts();
