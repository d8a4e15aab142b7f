/**
 * The composition root's entry point, kept so that the edge, scripts and tests import one file. The root
 * itself lives in composition/: which modules exist (modules.ts), how their services are wired through
 * one adapter per consumer and provider (wiring.ts, adapters/), the background work (background.ts), and
 * the process's platform (platform.ts). Modules never import each other; they meet there.
 */
export { BATCH_LANES, DATABASE_MODULES, SCHEMA_BUILDERS } from './composition/modules.js';
export { startPlatform, type Platform, type Telemetry } from './composition/platform.js';
export { createServices, type Services } from './composition/wiring.js';
