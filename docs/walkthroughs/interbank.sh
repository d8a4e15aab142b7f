#!/usr/bin/env bash
# Inter-bank: a customer with money (run self-service.sh first) pays an account at another bank through the
# sandbox switch; staff read the transfer and the day's settlement report. Runs as written on a fresh
# `npm start` after self-service.sh (tenant `default`, admin password `password`); set BASE, TENANT and
# ADMIN_PASSWORD to point it elsewhere. Needs curl and jq.
set -euo pipefail
BASE=${BASE:-https://localhost:8443} TENANT=${TENANT:-default} ADMIN_PASSWORD=${ADMIN_PASSWORD:-password}
api() { curl -sSk --fail-with-body -H "Service-Platform-TenantId: $TENANT" -H 'content-type: application/json' "$@"; echo; }

# Staff read the business date: transfers are dated on it.
KEY=$(api -X POST "$BASE/api/v1/authentication" -d "{\"username\":\"admin\",\"password\":\"$ADMIN_PASSWORD\"}" | jq -r .base64EncodedAuthenticationKey)
TODAY=$(api -H "Authorization: Basic $KEY" "$BASE/graphql" -d '{"query":"{ businessDate(type: \"BUSINESS_DATE\") { date } }"}' | jq -r .data.businessDate.date)

CKEY=$(api -X POST "$BASE/api/v1/self/authentication" -d '{"username":"ngozi@example.com","password":"Secret123"}' | jq -r .base64EncodedAuthenticationKey)
H=(-H "Authorization: Basic $CKEY")
FROM=$(api "${H[@]}" "$BASE/api/v1/self/accounts" | jq -r '.savingsAccounts[0].id')

api "${H[@]}" "$BASE/api/v1/self/interbank/banks"
# [{"code":"011","name":"First Bank of Nigeria"},{"code":"033",...},{"code":"044",...},{"code":"057",...},{"code":"058",...},{"code":"232",...}]
api "${H[@]}" "$BASE/api/v1/self/interbank/nameenquiry?bankCode=058&accountNumber=0123456781"
# {"bankCode":"058","accountNumber":"0123456781","accountName":"Kemi Okafor","sessionId":"999058261125103000482913705521"}
TRANSFER=$(api "${H[@]}" -X POST "$BASE/api/v1/self/accounttransfers" \
  -d "{\"fromAccountType\":2,\"fromAccountId\":$FROM,\"toBankCode\":\"058\",\"toAccountNumber\":\"0123456781\",\"transferAmount\":2500,\"transferDate\":\"$TODAY\",\"transferDescription\":\"school fees\"}")
echo "$TRANSFER"
# {"resourceId":2,"transferId":2,"status":"SUCCESSFUL","sessionId":"000999261125103002...","accountName":"Kemi Okafor",
#  "toBankCode":"058","toAccountNumber":"0123456781","transferAmount":2500,...}
api "${H[@]}" "$BASE/api/v1/self/accounttransfers/$(jq -r .transferId <<<"$TRANSFER")"   # its current status

api -H "Authorization: Basic $KEY" "$BASE/api/v1/interbank/transfers?fromDate=$TODAY&toDate=$TODAY"
api -H "Authorization: Basic $KEY" "$BASE/api/v1/runreports/Interbank%20Settlement?R_date=$TODAY"
