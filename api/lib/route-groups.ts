// A route group is entered only for the paths it can answer (docs/decisions/150-api-response-headers.md):
// Express tries every group in turn, and each group it enters costs a router pass even when none of
// its routes matches. A group whose routes all start with a literal segment ("/config/:lang",
// "/console/:resource") is skipped, in one Set lookup, by requests whose first segment is not one
// of those; a group with a middleware or a pattern for a first segment is always entered.
import type { RequestHandler, Router } from 'express';

interface StackLayer {
  route?: { path?: unknown };
}

const LITERAL_FIRST_SEGMENT = /^\/([^/:*{}()?+]+)(?:\/|$)/;

/** The group itself, or a gate that enters it only for its first path segments. */
export function enteredByFirstSegment(group: Router): RequestHandler {
  const firsts = new Set<string>();
  for (const layer of group.stack as StackLayer[]) {
    const path = layer.route?.path;
    const literal = typeof path === 'string' ? LITERAL_FIRST_SEGMENT.exec(path) : null;
    if (!literal) return group;
    // Express matches paths case-insensitively by default.
    firsts.add(literal[1].toLowerCase());
  }
  const gate: RequestHandler = (req, res, next) => {
    const path = req.path;
    const end = path.indexOf('/', 1);
    const first = (end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase();
    if (firsts.has(first)) return group(req, res, next);
    next();
  };
  // The group's routes stay visible to whatever lists the app's routes (tests/helpers/routes.ts).
  return Object.assign(gate, { stack: group.stack });
}
