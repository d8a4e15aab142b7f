#!/usr/bin/env bash
# First steps: health, a staff login, a REST call and the same over GraphQL.
# Runs as written on a fresh `npm start` (tenant `default`, admin password `password`); set BASE, TENANT and
# ADMIN_PASSWORD to point it at another service. Needs curl and jq.
set -euo pipefail
BASE=${BASE:-https://localhost:8443} TENANT=${TENANT:-default} ADMIN_PASSWORD=${ADMIN_PASSWORD:-password}
# -k: the certificate is self-signed on first start (./data/tls/cert.pem; or use --cacert data/tls/cert.pem).
api() { curl -sSk --fail-with-body -H "Service-Platform-TenantId: $TENANT" -H 'content-type: application/json' "$@"; echo; }

api "$BASE/actuator/health"
# {"status":"UP","components":{"db":{"status":"UP",...},"subgraphs":{"status":"UP",...}},"groups":["liveness","readiness"]}

LOGIN=$(api -X POST "$BASE/api/v1/authentication" -d "{\"username\":\"admin\",\"password\":\"$ADMIN_PASSWORD\"}")
echo "$LOGIN"
# {"username":"admin","userId":1,"base64EncodedAuthenticationKey":"<KEY>","authenticated":true,
#  "officeId":1,"officeName":"Head Office","roles":[{"id":1,"name":"Super user",...}],
#  "permissions":["ALL_FUNCTIONS"],"shouldRenewPassword":false,"isTwoFactorAuthenticationRequired":false}
KEY=$(jq -r .base64EncodedAuthenticationKey <<<"$LOGIN")

api -H "Authorization: Basic $KEY" "$BASE/api/v1/offices"
# [{"id":1,"name":"Head Office","nameDecorated":"Head Office","openingDate":[2000,1,1],"hierarchy":"."}]

api -H "Authorization: Basic $KEY" "$BASE/graphql" -d '{"query":"{ offices { id name hierarchy } }"}'
# {"data":{"offices":[{"id":1,"name":"Head Office","hierarchy":"."}]}}
