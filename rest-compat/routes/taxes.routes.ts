import { intParam, type Route, type RouteRequest } from '../route.js';

const id = (req: RouteRequest) => ({ id: intParam(req.params.id) });

/** Withholding tax (issue 38): Fineract's /taxes/component and /taxes/group. */
export const taxRoutes: Route[] = [
  // The templates before the /:id paths, which would take "template" for an id.
  {
    method: 'GET', path: '/taxes/component/template', operation: 'TaxComponentTemplate',
    result: (d) => ({ glAccountOptions: { liabilityAccountOptions: d.glAccounts }, glAccountTypeOptions: [{ id: 2, code: 'accountType.liability', value: 'LIABILITY' }] }),
  },
  { method: 'GET', path: '/taxes/group/template', operation: 'TaxGroupTemplate', result: (d) => ({ taxComponents: d.taxComponents }) },
  { method: 'GET', path: '/taxes/component', operation: 'TaxComponents', result: (d) => d.taxComponents },
  { method: 'GET', path: '/taxes/component/:id', operation: 'TaxComponent', variables: id, result: (d) => d.taxComponent },
  { method: 'POST', path: '/taxes/component', operation: 'CreateTaxComponent', body: 'input', resource: 'taxcomponent', result: (d) => ({ resourceId: d.createTaxComponent.id }) },
  {
    method: 'PUT', path: '/taxes/component/:id', operation: 'UpdateTaxComponent', body: 'input', resource: 'taxcomponent', variables: id,
    result: (d) => ({ resourceId: d.updateTaxComponent.taxComponent.id, changes: d.updateTaxComponent.changes }),
  },
  { method: 'GET', path: '/taxes/group', operation: 'TaxGroups', result: (d) => d.taxGroups },
  { method: 'GET', path: '/taxes/group/:id', operation: 'TaxGroup', variables: id, result: (d) => d.taxGroup },
  { method: 'POST', path: '/taxes/group', operation: 'CreateTaxGroup', body: 'input', resource: 'taxgroup', result: (d) => ({ resourceId: d.createTaxGroup.id }) },
  {
    method: 'PUT', path: '/taxes/group/:id', operation: 'UpdateTaxGroup', body: 'input', resource: 'taxgroup', variables: id,
    result: (d) => ({ resourceId: d.updateTaxGroup.taxGroup.id, changes: d.updateTaxGroup.changes }),
  },
];
