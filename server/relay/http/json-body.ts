import type { Context } from 'hono'
import { safeParse, type core } from 'zod/mini'
import { fieldsProblem, problem } from './problem'

/**
 * Reads a request body as JSON, never throwing: `{ ok: true, value }` with the parsed value
 * (`undefined` for an empty body), `{ ok: false }` when the text is not valid JSON, so each
 * route answers that with its own 400.
 */
export async function jsonBody(
  req: Request,
): Promise<{ ok: true; value: unknown } | { ok: false }> {
  try {
    const text = await req.text()
    return { ok: true, value: text === '' ? undefined : JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

/**
 * A request's JSON body checked against the route's schema: its value, or the answer to send
 * (400 when it is not JSON, 422 with each refused field's message).
 */
export async function schemaBody<S extends core.$ZodType>(
  c: Context,
  schema: S,
): Promise<{ ok: true; data: core.output<S> } | { ok: false; response: Response }> {
  const raw = await jsonBody(c.req.raw)
  if (!raw.ok)
    return { ok: false, response: problem(c, 400, 'Corpo da requisição não é JSON válido.') }
  const parsed = safeParse(schema, raw.value)
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, response: fieldsProblem(c, parsed.error.issues) }
}
