import { intParam, type Route } from '../route.js';

const id = (name: string) => (req: { params: Record<string, string> }) => ({ id: intParam(req.params[name]) });

/** Fineract's /hooks, plus the delivery log, replay and test send. /hooks/template comes before /hooks/:hookId. */
export const hookRoutes: Route[] = [
  { method: 'GET', path: '/hooks/template', operation: 'HookTemplate', result: (d) => d.hookTemplate },
  { method: 'GET', path: '/hooks', operation: 'Hooks', result: (d) => d.hooks },
  { method: 'GET', path: '/hooks/:hookId', operation: 'Hook', variables: id('hookId'), result: (d) => d.hook },
  { method: 'POST', path: '/hooks', operation: 'CreateHook', body: 'input', resource: 'hook', result: (d) => ({ resourceId: d.createHook.id, secret: d.createHook.secret }) },
  { method: 'PUT', path: '/hooks/:hookId', operation: 'UpdateHook', body: 'input', variables: id('hookId'), result: (d) => ({ resourceId: d.updateHook.id, changes: d.updateHook.changes }) },
  { method: 'DELETE', path: '/hooks/:hookId', operation: 'DeleteHook', variables: id('hookId'), result: (d) => ({ resourceId: d.deleteHook }) },
  { method: 'POST', path: '/hooks/:hookId', command: 'test', operation: 'TestHook', variables: id('hookId'), result: (d) => ({ resourceId: d.testHook.hookId, deliveryId: d.testHook.deliveryId, eventId: d.testHook.eventId }) },
  {
    method: 'GET', path: '/hooks/:hookId/deliveries', operation: 'HookDeliveries',
    variables: (req) => ({ hookId: intParam(req.params.hookId), status: req.query.get('status') ?? undefined, offset: intParam(req.query.get('offset')), limit: intParam(req.query.get('limit')) }),
    result: (d) => d.hookDeliveries,
  },
  {
    method: 'POST', path: '/hooks/:hookId/deliveries/:deliveryId', command: 'redeliver', operation: 'RedeliverWebhook',
    variables: (req) => ({ hookId: intParam(req.params.hookId), deliveryId: intParam(req.params.deliveryId) }),
    result: (d) => ({ resourceId: d.redeliverWebhook.deliveryId, hookId: d.redeliverWebhook.hookId, attempt: d.redeliverWebhook.attempt }),
  },
];
