import { createGatewayRuntime, type GatewayRuntime } from '@graphql-hive/gateway-runtime';
import { SUBGRAPHS, type Config } from '../subgraphs/kernel/config.js';
import { IDENTITY_HEADER, SIGNATURE_HEADER, signIdentity, type Identity } from '../subgraphs/kernel/identity.js';

/** What the edge puts into every gateway request's context: the caller's identity, signed for the subgraphs. */
export interface EdgeContext extends Record<string, unknown> {
  cbsIdentity: string;
  cbsSignature: string;
}

export function edgeContext(identity: Identity, signingKey: string): EdgeContext {
  const signed = signIdentity(identity, signingKey);
  return { cbsIdentity: signed.identity, cbsSignature: signed.signature };
}

/**
 * The federation gateway (Hive Gateway runtime) over the committed supergraph. Subgraph locations come
 * from configuration, so the same supergraph serves npm start, docker-compose and tests. Queries and
 * mutations reach subgraphs over HTTP with the signed identity headers; subscriptions over graphql-ws
 * with the same identity in connectionParams.
 */
export function createGateway(config: Pick<Config, 'subgraphUrls'>, supergraph: string): GatewayRuntime<EdgeContext> {
  const transportEntries = Object.fromEntries(
    SUBGRAPHS.map((name) => [
      name,
      {
        location: config.subgraphUrls[name],
        options: {
          subscriptions: {
            kind: 'ws',
            location: config.subgraphUrls[name],
            options: { connectionParams: { identity: '{context.cbsIdentity}', signature: '{context.cbsSignature}' } },
          },
        },
      },
    ]),
  );
  return createGatewayRuntime<EdgeContext>({
    supergraph,
    transportEntries,
    logging: (process.env.GATEWAY_LOG_LEVEL as 'debug' | 'info' | 'warn' | 'error' | undefined) ?? false,
    graphiql: false,
    landingPage: false,
    maskedErrors: false,
    plugins: () => [
      {
        onFetch({ context, options, setOptions }) {
          const ctx = context as Partial<EdgeContext> | undefined;
          if (!ctx?.cbsIdentity || !ctx.cbsSignature) return;
          setOptions({
            ...options,
            headers: { ...(options.headers as Record<string, string>), [IDENTITY_HEADER]: ctx.cbsIdentity, [SIGNATURE_HEADER]: ctx.cbsSignature },
          });
        },
      },
    ],
  });
}
