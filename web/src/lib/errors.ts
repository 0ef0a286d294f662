// Reading the API's error bodies: {"field": ["message", ...]} for field
// errors, {"detail": "message"} for the rest (docs/api.md). Errors of
// both clients (axios's, and src/lib/publicGet.ts's HttpError) carry the
// answer as response: { status, data }; read by shape, so this module
// loads neither.

// The answer an error carries, if any.
function responseOf(error: unknown): { status?: unknown; data?: unknown } | undefined {
  if (!(error instanceof Error) || !('response' in error)) return undefined;
  const response: unknown = error.response;
  return response && typeof response === 'object' ? response : undefined;
}

// The error body as field → messages ("detail" included), or {} when the
// error has no such body.
export function errorBody(error: unknown): Record<string, string[]> {
  const data: unknown = responseOf(error)?.data;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
  const body: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    const messages = (Array.isArray(value) ? value : [value]).filter((m): m is string => typeof m === 'string');
    if (messages.length > 0) body[key] = messages;
  }
  return body;
}

// The messages an error body nests under field, by key: a registration's
// answers come as {"answers": {"<question id>": ["message"]}}.
export function nestedErrors(error: unknown, field: string): FieldErrors {
  const data: unknown = responseOf(error)?.data;
  const nested: unknown = data && typeof data === 'object' ? (data as Record<string, unknown>)[field] : undefined;
  if (!nested || typeof nested !== 'object' || Array.isArray(nested)) return {};
  const out: FieldErrors = {};
  for (const [key, value] of Object.entries(nested as Record<string, unknown>)) {
    const messages = (Array.isArray(value) ? value : [value]).filter((m): m is string => typeof m === 'string');
    if (messages.length > 0) out[key] = messages;
  }
  return out;
}

// Every message in an API error body, in order.
export function serverMessages(error: unknown): string[] {
  return Object.values(errorBody(error)).flat();
}

// The server's words when it asks to slow down (429): they say when to
// try again, which a generic "try again" would not.
export function slowDownMessage(error: unknown): string | undefined {
  return statusOf(error) === 429 ? serverMessages(error)[0] : undefined;
}

// The HTTP status of an API error, if there was a response.
export function statusOf(error: unknown): number | undefined {
  const status = responseOf(error)?.status;
  return typeof status === 'number' ? status : undefined;
}

export type FieldErrors = Partial<Record<string, string[]>>;

export interface FormErrorReport {
  fields: FieldErrors;
  others: string[];
}

// Splits an error body into the messages a form shows next to its fields
// and the rest. fieldNames maps each API field the form shows to the
// form's field (for example banner_key → banner).
export function formErrorsOf(error: unknown, fieldNames: Record<string, string>): FormErrorReport {
  const report: FormErrorReport = { fields: {}, others: [] };
  for (const [key, messages] of Object.entries(errorBody(error))) {
    const field = fieldNames[key];
    if (field) report.fields[field] = [...(report.fields[field] ?? []), ...messages];
    else report.others.push(...messages);
  }
  return report;
}
