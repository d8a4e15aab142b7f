import autocannon from 'autocannon';
import { IDENTITY_HEADER, SIGNATURE_HEADER, signIdentity, type Identity } from '../subgraphs/kernel/identity.js';
import { report } from './report.js';
import { startSubgraphProcess, type BenchService } from './service-process.js';

/**
 * The router's overhead on a read: `{ offices }` through the edge (HTTPS, session, gateway) against the same
 * operation sent straight to the organisation subgraph served alone, signed as the edge signs it.
 * Returns both rates so the caller prints their ratio.
 */
export async function routerBench(options: { service: BenchService; headers: Record<string, string>; tenant: string; connections: number; duration: number }): Promise<{ router: number; subgraph: number }> {
  const body = JSON.stringify({ query: '{ offices { id name hierarchy } }' });
  const viaRouter = await autocannon({ url: `${options.service.url}/graphql`, method: 'POST', headers: options.headers, body, connections: options.connections, duration: options.duration });
  report('POST /graphql { offices } (router)', viaRouter);

  const subgraph = await startSubgraphProcess('organisation', options.service);
  try {
    const admin: Identity = {
      kind: 'staff', tenantId: options.tenant, userId: 1, username: 'admin', officeId: 1, officeHierarchy: '.', staffId: null, roleIds: [1], permissions: ['ALL_FUNCTIONS'],
    };
    // A signature is valid for 30 seconds: sign afresh every second of the run.
    let signedAt = 0;
    let signed = signIdentity(admin, options.service.signingKey, 'organisation', body);
    const headers = () => {
      if (Date.now() - signedAt > 1000) {
        signed = signIdentity(admin, options.service.signingKey, 'organisation', body);
        signedAt = Date.now();
      }
      return { 'content-type': 'application/json', [IDENTITY_HEADER]: signed.identity, [SIGNATURE_HEADER]: signed.signature };
    };
    const alone = await autocannon({
      url: subgraph.url, connections: options.connections, duration: options.duration,
      requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, headers: headers(), body }) }],
    });
    report('{ offices } (organisation subgraph alone)', alone);
    return { router: viaRouter.requests.average, subgraph: alone.requests.average };
  } finally {
    await subgraph.stop();
  }
}
