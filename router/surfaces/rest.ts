import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GraphQLSchema } from 'graphql';
import { createRestHandler } from '../../rest-compat/rest-handler.js';
import { FIXED_ROUTES, ROUTES } from '../../rest-compat/routes/index.js';
import type { Identity } from '../../subgraphs/kernel/identity.js';
import type { Executor } from '../execute.js';
import { edgeContext } from '../gateway.js';
import type { Metrics } from '../metrics.js';
import { API_PREFIXES, readJsonBody, seconds, send } from './respond.js';

/**
 * The REST compatibility surface (/api/v1, /fineract-provider/api/v1, and Fineract's v2 search): each
 * documented path runs its named GraphQL operation through the edge's one in-process executor, as the
 * caller, without an HTTP request and response around it.
 */
export function restSurface(deps: { schema: GraphQLSchema; executor: Executor; metrics: Metrics; signingKey: string }) {
  const rest = createRestHandler({
    schema: deps.schema,
    routes: ROUTES,
    fixedRoutes: FIXED_ROUTES,
    runOperation: async (operation, identity, requestId, report) => {
      const began = process.hrtime.bigint();
      const result = await deps.executor.run(operation, edgeContext(identity, deps.signingKey, requestId, report));
      deps.metrics.operation({ name: operation.operationName, type: result.operationType }, 'rest', result.executor, seconds(began), Boolean(result.errors?.length));
      return { data: result.data, errors: result.errors };
    },
  });

  /** Answers an authenticated REST request; resolves to its templated route. */
  return async (req: IncomingMessage, res: ServerResponse, url: URL, identity: Identity, common: Record<string, string>): Promise<string | undefined> => {
    const [prefix, routePrefix] = API_PREFIXES.find(([p]) => url.pathname === p || url.pathname.startsWith(`${p}/`))!;
    const path = `${routePrefix}${url.pathname.slice(prefix.length)}` || '/';
    const response = await rest(req, path, url, { identity, readBody: () => readJsonBody(req), requestId: common['x-request-id']! });
    send(res, response.status, response.body, { ...response.headers, ...common });
    return response.route;
  };
}
