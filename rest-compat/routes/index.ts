import type { Route } from '../route.js';
import { organisationRoutes } from './organisation.routes.js';

/** Every documented /v1 path, by module. */
export const ROUTES: Route[] = [...organisationRoutes];
