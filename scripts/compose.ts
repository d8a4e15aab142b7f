import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { composeSupergraph, printSubgraphSdls, SCHEMA_DIR } from '../router/supergraph.js';

/** npm run compose: prints every subgraph's SDL into schema/ and composes schema/supergraph.graphql. */
const sdls = await printSubgraphSdls();
for (const [name, sdl] of Object.entries(sdls)) writeFileSync(new URL(`${name}.graphql`, SCHEMA_DIR), `${sdl.trim()}\n`);
writeFileSync(new URL('supergraph.graphql', SCHEMA_DIR), `${composeSupergraph(sdls).trim()}\n`);
console.log(`composed ${Object.keys(sdls).length} subgraphs into schema/supergraph.graphql`);
