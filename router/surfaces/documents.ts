import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../../subgraphs/kernel/config.js';
import { apiDocsResponse, isApiDocsPath } from '../api-docs.js';
import { isDashboardPath, serveDashboard } from '../dashboard-assets.js';
import { ideResponse, wantsIde } from '../graphiql.js';
import { OPENAPI_PATHS } from '../openapi.js';
import { send } from './respond.js';

/**
 * Pages and documents that hold no data, served before any authentication: the browser GraphQL IDE and
 * the API reference page (never in production), the OpenAPI document, and the live transactions dashboard.
 */
export function documentsSurface(deps: { config: Config; openApi: () => string }) {
  return (req: IncomingMessage, res: ServerResponse, url: URL, common: Record<string, string>): string | undefined => {
    if (deps.config.env !== 'production' && wantsIde(req, url.pathname)) {
      const ide = ideResponse(url.pathname);
      send(res, ide.status, ide.body, { ...common, ...ide.headers });
      return 'graphiql';
    }
    // The API's reference page (Swagger UI and its assets, from this service), like the IDE never in production.
    if (deps.config.env !== 'production' && (req.method === 'GET' || req.method === 'HEAD') && isApiDocsPath(url.pathname)) {
      const docs = apiDocsResponse(url.pathname);
      send(res, 200, docs.body, { ...common, ...docs.headers });
      return 'api-docs';
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
