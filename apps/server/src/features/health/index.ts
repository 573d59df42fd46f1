export { checkReadiness, type Readiness } from './readiness.js';
