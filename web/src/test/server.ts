// The API mocked at the network layer for component tests. Tests add the
// handlers they need with server.use(...), answering in the API's real
// shapes and error bodies (docs/api.md).
import { setupServer } from 'msw/node';

export const server = setupServer();

// Absolute URL of an API path, as the clients call it under jsdom.
export const apiUrl = (path: string) => `http://localhost:3000/api${path}`;
