// The page's policy is one definition for the desktop window and the web server; the build reads it here.
export { DEV_CSP, PRODUCTION_CSP } from '../server/csp';
