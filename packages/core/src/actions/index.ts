export { actionsQueryTarget } from './actions-query-target';
export { parseActionsQuery } from './parse-actions-query';
export { parseCitationsQuery } from './parse-citations-query';
