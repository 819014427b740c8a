import type { ParameterList } from '../../../common/contract/schemas/parameter'
import type { UpstreamDeps } from './upstream'
import { joinEntries, readPages } from './hal-pages'
import type { Tenant } from '../http/types'
import type { OperationResult } from './upstream'

/**
 * The tenant's parameters, every page of them (operation 11; the docs' `GET /parameter` is a
 * HAL collection that may page like the order list), joined into one list as if the service
 * had answered them at once. Unlike the history, a list with a page missing is not answered:
 * a parameter it lacks would be read as its default (a store that allows guests read as one
 * that does not, terms that say nothing), so a page that fails fails the read, which is then
 * not kept (read-cache.ts keeps good answers only) and is asked again by the next visitor.
 */
export async function readAllParameters(
  deps: UpstreamDeps,
  tenant: Tenant,
): Promise<OperationResult> {
  const first = await deps.upstream.run(tenant, 'parameters', undefined)
  if (first.kind !== 'ok') return first
  const read = await readPages(
    first,
    (page) => deps.upstream.run(tenant, 'parameters', { page }),
    (page) => page.kind !== 'ok',
  )
  if (read.pages.length === 1) return first
  const failed = read.pages.find((page) => page.kind !== 'ok')
  if (failed) {
    deps.log({ level: 'warn', msg: 'parameter list page unavailable', status: failed.status })
    return failed
  }
  if (!read.whole) {
    deps.log({ level: 'warn', msg: 'parameter list longer than read', pages: read.pageCount })
  }
  const { entries: data, raw: parameter } = joinEntries<
    ParameterList['_embedded']['parameter'][number]
  >(read.pages as Extract<OperationResult, { kind: 'ok' }>[], 'parameter', (entry) => entry.dataKey)
  // The page's own links and counts would describe page 1 only; the browser never gets links.
  const joined = (list: unknown[]) => ({ _embedded: { parameter: list }, total_items: list.length })
  return { ...first, data: joined(data), body: joined(parameter) }
}
