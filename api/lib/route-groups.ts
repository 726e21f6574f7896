// A route group is entered only for the paths it can answer (docs/decisions/150-api-response-headers.md):
// Express tries every group in turn, and each group it enters costs a router pass even when none of
// its routes matches. A group whose routes all start with a literal segment ("/config/:lang",
// "/console/:resource") is skipped by requests whose first segment is not one of those; a group
// with a middleware or a pattern for a first segment is always entered.
// The groups are one layer of the API router (decision 404): the groups a first segment can enter,
// in the groups' order, are listed once per process, and a request reads its first segment once and
// is handed to those groups in turn, where Express passed it through a gate layer per group.
import type { RequestHandler, Router } from 'express';

interface StackLayer {
  route?: { path?: unknown };
}

const LITERAL_FIRST_SEGMENT = /^\/([^/:*{}()?+]+)(?:\/|$)/;

/** The first segments a group's routes all start with (lower case), or null when it must always be entered. */
function firstSegmentsOf(group: Router): Set<string> | null {
  const firsts = new Set<string>();
  for (const layer of group.stack as StackLayer[]) {
    const path = layer.route?.path;
    const literal = typeof path === 'string' ? LITERAL_FIRST_SEGMENT.exec(path) : null;
    if (!literal) return null;
    // Express matches paths case-insensitively by default.
    firsts.add(literal[1].toLowerCase());
  }
  return firsts;
}

/**
 * One middleware trying the groups in their order, each only when it can answer the request's first
 * path segment (or always, when it cannot say). A group's error goes on to the app's error handler;
 * a group that does not answer hands the request to the next one, then to what follows the middleware.
 */
export function routeGroups(groups: Router[]): RequestHandler {
  const segments = groups.map(firstSegmentsOf);
  const always = groups.filter((_, i) => segments[i] === null);
  const byFirst = new Map<string, Router[]>();
  for (const set of segments)
    for (const first of set ?? [])
      byFirst.set(
        first,
        groups.filter((_, i) => segments[i] === null || segments[i]!.has(first)),
      );
  const dispatch: RequestHandler = (req, res, next) => {
    const path = req.path;
    const end = path.indexOf('/', 1);
    const first = (end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase();
    const entered = byFirst.get(first) ?? always;
    let i = 0;
    const step = (err?: unknown): void => {
      if (err) return next(err);
      if (i === entered.length) return next();
      entered[i++](req, res, step);
    };
    step();
  };
  // The groups' routes stay visible to whatever lists the app's routes (tests/helpers/routes.ts).
  return Object.assign(dispatch, { stack: groups.flatMap((g) => g.stack) });
}
