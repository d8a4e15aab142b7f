import { readFileSync } from 'node:fs';
import { printSubgraphSchema } from '@apollo/subgraph';
import { composeServices } from '@theguild/federation-composition';
import { parse } from 'graphql';
import { SUBGRAPHS, type SubgraphName } from '../subgraphs/kernel/config.js';
import { SCHEMA_BUILDERS, type Services } from '../subgraphs/registry.js';

/** schema/ at the project root, from both the sources and the compiled dist/ tree. */
export const SCHEMA_DIR = new URL(import.meta.url.includes('/dist/') ? '../../schema/' : '../schema/', import.meta.url);

/** The URL baked into the committed supergraph; the edge overrides it per deployment (config.subgraphUrls). */
export const nominalUrl = (name: SubgraphName) => `http://${name}:4000/graphql`;

const noServices = (): Services => {
  throw new Error('schema printing needs no services');
};

export async function printSubgraphSdls(): Promise<Record<SubgraphName, string>> {
  const entries = await Promise.all(SUBGRAPHS.map(async (name) => [name, printSubgraphSchema(await SCHEMA_BUILDERS[name](noServices))] as const));
  return Object.fromEntries(entries) as Record<SubgraphName, string>;
}

export function composeSupergraph(sdls: Record<SubgraphName, string>): string {
  const result = composeServices(SUBGRAPHS.map((name) => ({ name, typeDefs: parse(sdls[name]), url: nominalUrl(name) })));
  if (result.errors) throw new Error(`Supergraph composition failed:\n${result.errors.map((e) => e.message).join('\n')}`);
  return result.supergraphSdl;
}

export function readCommittedSupergraph(): string {
  return readFileSync(new URL('supergraph.graphql', SCHEMA_DIR), 'utf8');
}
