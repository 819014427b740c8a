/**
 * JSON to write inside a `<script>` element (JSON-LD, the first view's handover, a landing's
 * head script). The HTML parser ends the element at `</script` and treats `<!--` specially, so
 * `<`, `>` and `&` become \u escapes (still the same JSON); U+2028/2029 too, for any reader that
 * evals it as script. `replacer` as in `JSON.stringify`.
 */
export function jsonForScript(
  value: unknown,
  replacer?: (this: Record<string, unknown>, key: string, value: unknown) => unknown,
): string {
  return (JSON.stringify(value, replacer) ?? 'null').replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}
