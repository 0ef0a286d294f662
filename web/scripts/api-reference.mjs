// Writes docs/api-reference.md, the readable reference of the API, from
// its contract api/openapi.yaml: each operation by tag, who may call it
// (anyone, a signed-in person, an API token with which scope), what it
// does, its parameters and the statuses it answers. With --check it only
// fails when the committed page is out of date (make test runs that).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';

const root = (path) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const doc = load(readFileSync(root('api/openapi.yaml'), 'utf8'));
const OUT = 'docs/api-reference.md';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

// who says who may call an operation, from its security requirements.
function who(security = doc.security ?? []) {
  const ways = [];
  for (const requirement of security) {
    const [scheme, scopes] = Object.entries(requirement)[0] ?? [];
    if (!scheme) ways.push('anyone');
    else if (scheme === 'bearer') ways.push('a signed-in person');
    else if (scheme === 'apiToken') ways.push(`an API token with \`${scopes.join('`, `')}\``);
  }
  return ways.length ? ways.join(', or ') : 'anyone';
}

const refName = (ref) => ref.split('/').pop();
const resolve = (p) => (p.$ref ? doc.components.parameters[refName(p.$ref)] : p);
const oneLine = (text = '') => text.replace(/\s+/g, ' ').trim();

function operation(path, method, op) {
  const lines = [`### ${op.operationId}`, '', `\`${method.toUpperCase()} ${path}\` — ${who(op.security)}.`, ''];
  if (op.summary) lines.push(oneLine(op.summary), '');
  if (op.description) lines.push(oneLine(op.description), '');
  const params = (op.parameters ?? []).map(resolve).map((p) => `\`${p.name}\` (${p.in}${p.required ? ', required' : ''})`);
  if (params.length) lines.push(`Parameters: ${params.join(', ')}.`, '');
  const body = op.requestBody?.content;
  if (body) {
    const schemas = Object.values(body).map((c) => (c.schema?.$ref ? `\`${refName(c.schema.$ref)}\`` : 'an object'));
    lines.push(`Body: ${[...new Set(schemas)].join(' or ')} (${Object.keys(body).join(', ')}).`, '');
  }
  lines.push(`Answers: ${Object.keys(op.responses).join(', ')}.`, '');
  return lines;
}

function page() {
  const lines = [
    '# API reference',
    '',
    'Made by `npm run api-reference` (in `web/`) from [`api/openapi.yaml`](../api/openapi.yaml), the contract, which',
    'the site also serves as `/openapi.json`; [`docs/api.md`](api.md) is the guide (sign-in, API tokens, webhooks,',
    'errors, paging). Each operation says who may call it: anyone, a signed-in person (`Authorization: Bearer',
    '<access>`), or an organization\'s API token with the scope named (`Authorization: Bearer tn_…`; any other',
    'call answers a token 403 `insufficient_scope`).',
    '',
  ];
  for (const tag of doc.tags) {
    lines.push(`## ${tag.name}`, '', oneLine(tag.description), '');
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of METHODS) {
        if (item[method]?.tags?.includes(tag.name)) lines.push(...operation(path, method, item[method]));
      }
    }
  }
  lines.push('## Webhook messages', '', oneLine(doc.components.schemas.WebhookMessage.description), '');
  lines.push(`Kinds: ${doc.components.schemas.WebhookKind.enum.map((k) => `\`${k}\``).join(', ')}, and \`webhook.test\`.`, '');
  return lines.join('\n');
}

const text = page();
if (process.argv.includes('--check')) {
  if (readFileSync(root(OUT), 'utf8') !== text) {
    console.error(`${OUT} is out of date: run npm run api-reference in web/`);
    process.exit(1);
  }
} else {
  writeFileSync(root(OUT), text);
}
