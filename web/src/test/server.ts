// The API mocked at the network layer for component tests. Tests add the
// handlers they need with server.use(...), answering in the API's real
// shapes and error bodies (api/openapi.yaml). The fixed list of categories is
// answered always, as the API publishes it.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

// Absolute URL of an API path, as the clients call it under jsdom.
export const apiUrl = (path: string) => `http://localhost:3000/api${path}`;

export const categories = [
  { id: 'music', name: 'Music' },
  { id: 'sports', name: 'Sports' },
  { id: 'tech', name: 'Tech' },
  { id: 'arts', name: 'Arts' },
  { id: 'food', name: 'Food & Drink' },
  { id: 'community', name: 'Community' },
  { id: 'education', name: 'Education' },
  { id: 'business', name: 'Business' },
  { id: 'outdoors', name: 'Outdoors' },
  { id: 'other', name: 'Other' },
];

export const server = setupServer(http.get(apiUrl('/event/public/categories/'), () => HttpResponse.json(categories)));
