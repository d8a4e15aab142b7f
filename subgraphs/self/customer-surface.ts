/**
 * The GraphQL root fields a customer session may call (architecture: "a customer is not staff"). The
 * edge refuses every other query or mutation field for a customer key with 403 before planning it; the
 * REST side is the /self path prefix. Anonymous registration and login are open to anyone, and staff
 * logout (`logout`) ends a customer's own session as well as `selfLogout` does.
 */
export const CUSTOMER_ROOT_FIELDS: Readonly<Record<'query' | 'mutation', ReadonlySet<string>>> = {
  query: new Set(['me']),
  mutation: new Set(['selfTransfer', 'createBeneficiary', 'updateBeneficiary', 'deleteBeneficiary', 'selfApplyForLoan', 'selfChangePassword', 'selfLogout', 'selfRegister', 'selfAuthenticate', 'logout']),
};

/**
 * What a customer signed in with a one-time password (a staff reset) may call until they change it: the
 * password change and logout. Everything else is 403, subscriptions included.
 */
export const PASSWORD_RENEWAL_ROOT_FIELDS: ReadonlySet<string> = new Set(['selfChangePassword', 'selfLogout', 'logout']);
