import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { PicturePipeline, RelayEnv } from './types'

/**
 * A service body with its pictures' hrefs as the relay's own signed `/img/` addresses when the
 * relay resizes pictures; as it came otherwise (the static demo, edge runtimes).
 */
export function withPictures(
  deps: { pictures?: PicturePipeline },
  body: unknown,
): Promise<unknown> {
  return deps.pictures ? deps.pictures.rewrite(body) : Promise.resolve(body)
}

export type RelayContext = Context<RelayEnv>

/**
 * A service body as the browser may see it: HAL `_links` dropped, because they carry the
 * service's internal URLs and no screen follows them.
 */
export function browserJson(body: unknown): string {
  // Not a replacer: called for every key and value, it made stringifying several times slower.
  return JSON.stringify(withoutLinks(body))
}

/** `value` without any `_links`; the very same object where there was none below it. */
function withoutLinks(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value
  if (Array.isArray(value)) {
    let out: unknown[] | undefined
    for (let i = 0; i < value.length; i++) {
      const item = withoutLinks(value[i])
      if (item !== value[i]) (out ??= value.slice())[i] = item
    }
    return out ?? value
  }
  let out: Record<string, unknown> | undefined
  for (const key in value) {
    const child = (value as Record<string, unknown>)[key]
    if (key === '_links') {
      out ??= { ...(value as Record<string, unknown>) }
      delete out._links
      continue
    }
    const next = withoutLinks(child)
    if (next !== child) (out ??= { ...(value as Record<string, unknown>) })[key] = next
  }
  return out ?? value
}

/** Answers a service body (already checked against the contract) without its `_links`. */
export function forwardJson(c: Context, body: unknown, status: ContentfulStatusCode = 200) {
  return c.body(browserJson(body), status, { 'Content-Type': 'application/json; charset=UTF-8' })
}
