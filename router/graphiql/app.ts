/**
 * GraphiQL for the service's own /graphql, bundled at build time (scripts/build-pages.ts) so the page loads
 * nothing from elsewhere. The tenant and the key go in GraphiQL's Headers tab; they may also be given in the
 * URL fragment (#tenant=...&key=...), which never reaches a server, to fill that tab in.
 */
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import 'graphiql/graphiql.css';
import './page.css';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

const fragment = new URLSearchParams(location.hash.slice(1));
const headers = {
  'Service-Platform-TenantId': fragment.get('tenant') ?? 'default',
  Authorization: `Basic ${fragment.get('key') ?? '<base64EncodedAuthenticationKey from POST /api/v1/authentication>'}`,
};

const fetcher = createGraphiQLFetcher({ url: `${location.origin}/graphql` });

createRoot(document.getElementById('graphiql')!).render(
  createElement(GraphiQL, {
    fetcher,
    defaultHeaders: JSON.stringify(headers, null, 2),
    defaultEditorToolsVisibility: 'headers',
    shouldPersistHeaders: false,
    defaultQuery: fragment.get('query') ?? '{ offices { id name } }\n',
  }),
);
