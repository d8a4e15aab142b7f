import { intParam, queryDate, type Route, type RouteRequest } from '../route.js';

const id = (name: string) => (req: RouteRequest) => ({ id: intParam(req.params[name]) });

/**
 * Close of business (issue 37): Fineract's /workingdays and /holidays, its loan COB catch-up, and the run
 * and its history under /cob. Listed before the loans' routes, whose /loans/:loanId would take
 * /loans/catch-up and /loans/is-catch-up-running.
 */
export const cobRoutes: Route[] = [
  { method: 'GET', path: '/workingdays', operation: 'WorkingDays', result: (d) => d.workingDays },
  { method: 'GET', path: '/workingdays/template', operation: 'WorkingDaysTemplate', result: (d) => d.workingDaysTemplate },
  { method: 'PUT', path: '/workingdays', operation: 'UpdateWorkingDays', body: 'input', resource: 'workingdays', result: (d) => d.updateWorkingDays },
  { method: 'GET', path: '/holidays/template', operation: 'HolidayTemplate', result: (d) => d.holidayTemplate },
  {
    method: 'GET', path: '/holidays', operation: 'Holidays',
    variables: (req) => ({ officeId: intParam(req.query.get('officeId')), fromDate: queryDate(req, 'fromDate'), toDate: queryDate(req, 'toDate') }),
    result: (d) => d.holidays,
  },
  { method: 'POST', path: '/holidays', operation: 'CreateHoliday', body: 'input', resource: 'holiday', result: (d) => d.createHoliday },
  { method: 'GET', path: '/holidays/:holidayId', operation: 'Holiday', variables: id('holidayId'), result: (d) => d.holiday },
  { method: 'PUT', path: '/holidays/:holidayId', operation: 'UpdateHoliday', body: 'input', variables: id('holidayId'), result: (d) => d.updateHoliday },
  { method: 'POST', path: '/holidays/:holidayId', command: 'activate', operation: 'ActivateHoliday', body: 'none', variables: id('holidayId'), result: (d) => d.activateHoliday },
  { method: 'DELETE', path: '/holidays/:holidayId', operation: 'DeleteHoliday', variables: id('holidayId'), result: (d) => d.deleteHoliday },
  { method: 'POST', path: '/loans/catch-up', operation: 'LoanCatchUp', result: () => ({}) },
  { method: 'GET', path: '/loans/is-catch-up-running', operation: 'IsCatchUpRunning', result: (d) => d.isCatchUpRunning },
  { method: 'GET', path: '/loans/:loanId/holiday-moves', operation: 'LoanDueDateMoves', variables: (req) => ({ loanId: intParam(req.params.loanId) }), result: (d) => d.loanDueDateMoves },
  { method: 'POST', path: '/cob', command: 'run', operation: 'RunCloseOfBusiness', body: 'none', result: (d) => d.runCloseOfBusiness },
  // The run's steps as Fineract's scheduler jobs; /jobs/names before /jobs/:jobId, whose id is an integer.
  { method: 'GET', path: '/jobs', operation: 'CobJobs', result: (d) => d.cobJobs },
  { method: 'GET', path: '/jobs/names', operation: 'CobBusinessJobs', result: (d) => d.cobBusinessJobs },
  {
    method: 'GET', path: '/jobs/:jobName/steps', operation: 'CobBusinessSteps', variables: (req) => ({ jobName: String(req.params.jobName).slice(0, 100) }),
    result: (d) => d.cobBusinessSteps, notes: 'The one business job is LOAN_CLOSE_OF_BUSINESS.',
  },
  { method: 'GET', path: '/jobs/:jobId', operation: 'CobJob', variables: (req) => ({ jobId: intParam(req.params.jobId) }), result: (d) => d.cobJob },
  {
    method: 'GET', path: '/jobs/:jobId/runhistory', operation: 'CobJobRunHistory',
    variables: (req) => ({ jobId: intParam(req.params.jobId), offset: intParam(req.query.get('offset')), limit: intParam(req.query.get('limit')) }),
    result: (d) => d.cobJobRunHistory, notes: 'At most 200 runs a page (limit).',
  },
  { method: 'POST', path: '/jobs/:jobId', command: 'executeJob', operation: 'ExecuteCobJob', variables: (req) => ({ jobId: intParam(req.params.jobId) }), result: (d) => d.executeCobJob },
  { method: 'PUT', path: '/jobs/:jobId', operation: 'UpdateCobJob', body: 'input', resource: 'schedulerjob', variables: (req) => ({ jobId: intParam(req.params.jobId) }), result: (d) => d.updateCobJob },
  { method: 'GET', path: '/scheduler', operation: 'CobScheduler', result: (d) => d.cobScheduler },
  { method: 'POST', path: '/scheduler', command: 'start', operation: 'SetCobScheduler', variables: () => ({ active: true }), result: () => ({}) },
  { method: 'POST', path: '/scheduler', command: 'stop', operation: 'SetCobScheduler', variables: () => ({ active: false }), result: () => ({}) },
  { method: 'GET', path: '/cob/runs', operation: 'CobRuns', variables: (req) => ({ limit: intParam(req.query.get('limit')) }), result: (d) => d.cobRuns },
];
