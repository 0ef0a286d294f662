// Where the API lives. Same origin by default (CloudFront and the local
// gateway serve it under /api); a build can point elsewhere with
// VITE_API_BASE_URL.
export const API_BASE_URL: string = import.meta.env.VITE_API_BASE_URL ?? '/api';

// The plain client gives up after this long (80 s, the product's limit).
export const PLAIN_TIMEOUT_MS = 80000;
