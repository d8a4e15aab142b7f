import { requireNode } from '../subgraphs/kernel/node-version.js';

// Imported first by router/main.ts, so an old Node stops here with one clear line, before the ORM loads.
requireNode();
