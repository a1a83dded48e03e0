// First: in a browser, zod must not use eval (the pages' CSP forbids it).
import './csp.js';
export * from './account.js';
export * from './fields.js';
export * from './validate.js';
