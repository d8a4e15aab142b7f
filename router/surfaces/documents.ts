import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../../subgraphs/kernel/config.js';
import { isDashboardPath, serveDashboard } from '../dashboard-assets.js';
import { ideResponse, wantsIde } from '../graphiql.js';
import { OPENAPI_PATHS } from '../openapi.js';
import { send } from './respond.js';

/**
 * Pages and documents that hold no data, served before any authentication: the browser GraphQL IDE
 * (never in production), the OpenAPI document, and the live transactions dashboard's files.
 */
export function documentsSurface(deps: { config: Config; openApi: () => string }) {
  return (req: IncomingMessage, res: ServerResponse, url: URL, common: Record<string, string>): string | undefined => {
    if (deps.config.env !== 'production' && wantsIde(req, url.pathname)) {
      const ide = ideResponse(url.pathname);
      send(res, ide.status, ide.body, { ...common, ...ide.headers });
      return 'graphiql';
    }
    if (req.method === 'GET' && OPENAPI_PATHS.has(url.pathname)) {
      send(res, 200, deps.openApi(), common);
      return 'openapi';
    }
    if (isDashboardPath(url.pathname)) {
      serveDashboard(url.pathname, req.method, res, common);
      return 'dashboard';
    }
    return undefined;
  };
}
