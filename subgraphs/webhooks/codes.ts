/** The webhooks module's globalisation codes: the contract clients match on, named once. */
export const WEBHOOKS_CODES = {
  hookDeliveryIdInvalid: 'error.msg.hook.delivery.id.invalid',
  hookIdentifierNotFound: 'error.msg.hook.identifier.not.found',
  hookInactive: 'error.msg.hook.inactive',
} as const;
