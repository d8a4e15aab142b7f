import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../../subgraphs/kernel/config.js';
import type { createHealth } from '../health.js';
import { METRICS_PATH, metricsAccess, sendMetrics, type Metrics } from '../metrics.js';
import { send, sendError } from './respond.js';

/**
 * The operators' surface, before any authentication: Prometheus /metrics (behind METRICS_TOKEN when set)
 * and the actuator's health, liveness, readiness and info. Answers the templated route it served, or
 * undefined when the request is not for it.
 */
export function healthSurface(deps: { config: Config; metrics: Metrics; health: ReturnType<typeof createHealth> }) {
  return async (req: IncomingMessage, res: ServerResponse, url: URL, common: Record<string, string>): Promise<string | undefined> => {
    if (url.pathname === METRICS_PATH && req.method === 'GET') {
      const access = metricsAccess(deps.config.metrics, req);
      if (access === 'allowed') {
        await sendMetrics(deps.metrics, res, common);
        return 'metrics';
      }
      if (access === 'unauthorized') {
        sendError(res, 'rest', { status: 401, code: 'error.msg.not.authenticated', message: 'Metrics need Authorization: Bearer <METRICS_TOKEN>.' }, { ...common, 'www-authenticate': 'Bearer' });
        return 'metrics';
      }
    }
    const actuator = req.method === 'GET' || req.method === 'HEAD' ? deps.health(url.pathname) : undefined;
    if (!actuator) return undefined;
    const answer = await actuator;
    send(res, answer.status, answer.body, common);
    return answer.route;
  };
}
