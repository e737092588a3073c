const COMMON = [
  "default-src 'none'",
  "img-src 'self' data:",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
  "frame-src 'none'",
];

/** The renderer's policy in a build: only its own files, no inline code. Injected as a meta tag. */
export const PRODUCTION_CSP = [...COMMON, "script-src 'self'", "style-src 'self'", "connect-src 'self'"].join(
  '; ',
);

/**
 * The policy the dev server's pages get as a header. Vite injects inline scripts (React refresh) and
 * inline styles and talks to its HMR socket, so only those are relaxed, and only in development.
 */
export const DEV_CSP = [
  ...COMMON,
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self' ws://localhost:* ws://127.0.0.1:*",
].join('; ');

/** The policy `serve` sends as a header; a header can also forbid framing, which a meta tag cannot. */
export const WEB_CSP = `${PRODUCTION_CSP}; frame-ancestors 'none'`;
