import type { AuditRun } from '#shared/schemas/seo.ts';
import type { AuditRunRow } from './seo-repository.ts';

/** A run as the API gives it. */
export function presentRun(run: AuditRunRow): AuditRun {
  return {
    id: run.id,
    trigger: run.trigger,
    state: run.state,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    progress: { done: run.progressDone, total: run.progressTotal },
    pagesAudited: run.pagesAudited,
    pagesLeftOut: run.pagesLeftOut,
    pageLimit: run.pageLimit,
  };
}
