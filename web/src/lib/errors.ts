// Reading the API's error bodies: {"field": ["message", ...]} for field
// errors, {"detail": "message"} for the rest (docs/api.md), with "codes"
// beside them in the same shape: each message is shown in the reader's
// language by its code (the "api" namespace), else as the server wrote it.
// Errors of both clients (axios's, and src/lib/publicGet.ts's HttpError)
// carry the answer as response: { status, data }; read by shape, so this
// module loads neither.
import { i18n } from '@/i18n/i18n';

// The answer an error carries, if any.
function responseOf(error: unknown): { status?: unknown; data?: unknown } | undefined {
  if (!(error instanceof Error) || !('response' in error)) return undefined;
  const response: unknown = error.response;
  return response && typeof response === 'object' ? response : undefined;
}

type Shape = Record<string, unknown>;

const isShape = (v: unknown): v is Shape => !!v && typeof v === 'object' && !Array.isArray(v);

// A message in the language shown: by its code ("name" or {code, args}),
// when that language has it; as the server wrote it otherwise (English, or
// a code this app does not know yet).
export function translated(message: string, code: unknown): string {
  if (i18n.locale === 'en') return message;
  const { name, args } = isShape(code) ? { name: code.code, args: code.args } : { name: code, args: [] };
  const id = `api.${String(name)}`;
  if (typeof name !== 'string' || !(id in i18n.messages) || !Array.isArray(args)) return message;
  return i18n._(id, Object.fromEntries(args.map((value: unknown, i) => [String(i), String(value)])));
}

// The messages of one key of a body, translated by the codes in the same
// place of its "codes".
function messagesOf(value: unknown, codes: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  const codeList = Array.isArray(codes) ? codes : [codes];
  return list.flatMap((m: unknown, i) => (typeof m === 'string' ? [translated(m, codeList[i])] : []));
}

function messagesByKey(body: Shape, codes: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === 'codes') continue;
    const messages = messagesOf(value, isShape(codes) ? codes[key] : undefined);
    if (messages.length > 0) out[key] = messages;
  }
  return out;
}

// The error body as field → messages ("detail" included), or {} when the
// error has no such body.
export function errorBody(error: unknown): Record<string, string[]> {
  const data: unknown = responseOf(error)?.data;
  return isShape(data) ? messagesByKey(data, data.codes) : {};
}

// The messages an error body nests under field, by key: a registration's
// answers come as {"answers": {"<question id>": ["message"]}}.
export function nestedErrors(error: unknown, field: string): FieldErrors {
  const data: unknown = responseOf(error)?.data;
  if (!isShape(data) || !isShape(data[field])) return {};
  const codes = isShape(data.codes) ? data.codes[field] : undefined;
  return messagesByKey(data[field], codes);
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

// A success's message ({"detail": ..., "codes": {"detail": ...}}) in the
// language shown.
export function said(body: { detail: string; codes?: unknown }): string {
  return translated(body.detail, isShape(body.codes) ? body.codes.detail : undefined);
}
