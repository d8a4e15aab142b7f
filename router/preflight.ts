import { requireNode } from '../subgraphs/platform/node-version.js';

// Imported first by router/main.ts, so an old Node stops here with one clear line, before the ORM loads.
requireNode();
