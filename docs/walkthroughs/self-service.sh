#!/usr/bin/env bash
# Self-service: two customers register, staff fund one account, that customer names the other as a
# beneficiary and pays her. Runs as written on a fresh `npm start` (tenant `default`, admin password
# `password`); set BASE, TENANT and ADMIN_PASSWORD to point it elsewhere. Needs curl and jq.
set -euo pipefail
BASE=${BASE:-https://localhost:8443} TENANT=${TENANT:-default} ADMIN_PASSWORD=${ADMIN_PASSWORD:-password}
api() { curl -sSk --fail-with-body -H "Service-Platform-TenantId: $TENANT" -H 'content-type: application/json' "$@"; echo; }

# Register: no credentials. The BVN is checked first (the sandbox rules are under Customers); then the
# client (KYC tier 1, active, CIF), an active "Primary Savings" account (10-digit NUBAN) and a self-service
# login commit in one transaction.
NGOZI=$(api -X POST "$BASE/api/v1/self/registration" \
  -d '{"firstname":"Ngozi","lastname":"Eze","email":"ngozi@example.com","mobileNo":"08031234567","bvn":"22345678901","password":"Secret123"}')
echo "$NGOZI"
# {"clientId":1,"cif":"CIF00000001","accountNo":"0000000010","savingsId":1,"username":"ngozi@example.com"}
ADA=$(api -X POST "$BASE/api/v1/self/registration" \
  -d '{"firstname":"Ada","lastname":"Obi","email":"ada@example.com","mobileNo":"08039876543","bvn":"22345678912","password":"Secret456"}')
echo "$ADA"
# {"clientId":2,"cif":"CIF00000002","accountNo":"0000000027","savingsId":2,"username":"ada@example.com"}
FROM=$(jq -r .savingsId <<<"$NGOZI") TO=$(jq -r .savingsId <<<"$ADA") TO_NUBAN=$(jq -r .accountNo <<<"$ADA")

# Staff fund Ngozi's account with a bank transfer (a cash deposit would need the teller's open till),
# dated on the tenant's business date.
KEY=$(api -X POST "$BASE/api/v1/authentication" -d "{\"username\":\"admin\",\"password\":\"$ADMIN_PASSWORD\"}" | jq -r .base64EncodedAuthenticationKey)
TODAY=$(api -H "Authorization: Basic $KEY" "$BASE/graphql" -d '{"query":"{ businessDate(type: \"BUSINESS_DATE\") { date } }"}' | jq -r .data.businessDate.date)
api -H "Authorization: Basic $KEY" -X POST "$BASE/api/v1/savingsaccounts/$FROM/transactions?command=deposit" \
  -d "{\"transactionDate\":\"$TODAY\",\"transactionAmount\":20000,\"paymentTypeId\":2}"
# {"officeId":2,"clientId":1,"savingsId":1,"resourceId":1,"changes":{...}}

# Ngozi logs in with her email or her mobile number (0803..., +234803... are the same number).
CKEY=$(api -X POST "$BASE/api/v1/self/authentication" -d '{"username":"+2348031234567","password":"Secret123"}' | jq -r .base64EncodedAuthenticationKey)
# {"username":"ngozi@example.com","userId":2,"base64EncodedAuthenticationKey":"<CKEY>","authenticated":true,...,
#  "isSelfServiceUser":true,"clients":[1]}
H=(-H "Authorization: Basic $CKEY")
api "${H[@]}" "$BASE/api/v1/self/accounts"
# {"savingsAccounts":[{"id":1,"accountNo":"0000000010","productName":"Primary Savings","accountBalance":20000,
#   "availableBalance":20000,"currency":{"code":"NGN","name":"Nigerian Naira","displaySymbol":"₦",...},"status":{"value":"Active",...}}],...}
api "${H[@]}" "$BASE/api/v1/self/savingsaccounts/$FROM/transactions?offset=0&limit=15"
# {"totalFilteredRecords":1,"pageItems":[{"id":1,"transactionType":{"value":"Deposit",...},"amount":20000,"runningBalance":20000,...}]}

# Ada's account becomes a beneficiary (the account must be at the named office) ...
api "${H[@]}" -X POST "$BASE/api/v1/self/beneficiaries/tpt" \
  -d "{\"name\":\"Ada\",\"officeName\":\"Digital Branch\",\"accountNumber\":\"$TO_NUBAN\",\"accountType\":2,\"transferLimit\":20000}"
# {"resourceId":1}
# ... and a transfer to it, dated on the business date (an ISO date needs no dateFormat), executes at once
# (both legs, events, journal).
api "${H[@]}" -X POST "$BASE/api/v1/self/accounttransfers" \
  -d "{\"fromAccountType\":2,\"fromAccountId\":$FROM,\"toAccountType\":2,\"toAccountId\":$TO,\"transferAmount\":5000,\"transferDate\":\"$TODAY\",\"transferDescription\":\"rent\"}"
# {"resourceId":1,"transferId":1,"status":"SUCCESSFUL","savingsId":1,...}

api "${H[@]}" "$BASE/graphql" \
  -d '{"query":"{ me { client { id cif displayName } savingsAccounts { id accountBalance transactions(limit: 5) { id amount } } loans { id status principal } } }"}'
# {"data":{"me":{"client":{"id":"1","cif":"CIF00000001","displayName":"Ngozi Eze"},"savingsAccounts":[{"id":"1","accountBalance":"15000",...
