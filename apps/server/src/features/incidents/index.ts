import { incidentsApi } from '@portal/contract';
import { principalOf } from '../../platform/auth.js';
import { defineFeature } from '../../platform/context.js';
import { issueSubjects, issueTrackerFor } from '../issuetracker/index.js';
import * as service from './service.js';
import * as todos from './todos.js';

export { incidentLogs, incidents, incidentTodos } from './schema.js';
export { getIncident, incidentExists, incidentId, incidentPath, parseIncidentId } from './service.js';

/**
 * Incidents (spec §2 /incidents, §7 devops incidents): severity, a status machine open → acknowledged → mitigated →
 * resolved (contract INCIDENT_TRANSITIONS), the commander and the affected tenants and clusters, an append-only
 * timeline, post-mortem todo actions synced with the issue tracker, chat notices (platform/chat.ts), the events
 * `incident.opened` / `incident.resolved` (platform/events.ts), and "what changed here" before an incident started.
 */
export const incidentsFeature = defineFeature({
  name: 'incidents',
  provides: () => [issueSubjects.provide({ type: 'incident', exists: service.incidentExists })],
  routes: (r, ctx) => {
    const deps: service.IncidentDeps = {
      db: ctx.db,
      tracker: issueTrackerFor(ctx.config),
      publicUrl: ctx.config.publicUrl,
    };
    const who = (req: Parameters<typeof principalOf>[0]) => principalOf(req).email.toLowerCase();
    const wake = <T>(value: T): T => {
      // Events and chat messages are delivered by jobs: run them now rather than at the next poll.
      ctx.jobs.wake();
      return value;
    };
    r.add(incidentsApi.list, (req) => service.listIncidents(ctx.db, req.query));
    r.add(incidentsApi.create, async (req) => ({
      incident: wake(await service.createIncident(ctx.db, who(req), req.body)),
    }));
    r.add(incidentsApi.detail, async (req) => ({ incident: await service.getIncident(ctx.db, req.params.id) }));
    r.add(incidentsApi.update, async (req) => ({
      incident: wake(await service.updateIncident(ctx.db, req.params.id, who(req), req.body)),
    }));
    r.add(incidentsApi.logs, (req) => service.listLogs(ctx.db, req.params.id, req.query));
    r.add(incidentsApi.addLog, async (req) => ({
      log: await service.addLog(ctx.db, req.params.id, who(req), req.body),
    }));
    r.add(incidentsApi.notice, async (req) =>
      wake(await service.sendNotice(deps, req.params.id, who(req), req.body?.text || undefined)),
    );
    r.add(incidentsApi.changes, (req) => service.changesBefore(ctx.db, req.params.id, req.query));
    r.add(incidentsApi.todos, (req) => todos.listTodos(ctx.db, req.params.id));
    r.add(incidentsApi.createTodo, async (req) => ({
      todo: await todos.createTodo(ctx.db, req.params.id, who(req), req.body),
    }));
    r.add(incidentsApi.syncTodos, (req) => todos.syncTodos(deps, req.params.id, who(req)));
    r.add(incidentsApi.updateTodo, async (req) => ({
      todo: await todos.updateTodo(deps, req.params.id, req.params.todo_id, who(req), req.body),
    }));
    r.add(incidentsApi.deleteTodo, async (req) => {
      await todos.deleteTodo(ctx.db, req.params.id, req.params.todo_id, who(req));
      return { id: req.params.todo_id, deleted: true as const };
    });
  },
});
