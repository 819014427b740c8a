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
