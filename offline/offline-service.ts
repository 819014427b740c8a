import { getResponse } from 'msw'
import type { Dialect } from '../common/contract/upstream/dialect'
import { createServiceHandlers, type ServiceHandlersOptions } from './handlers'
import { PROBLEM_TYPE } from './handlers/context'
import { ServiceModel, type ServiceModelOptions } from './model'

type Fetcher = (request: Request) => Promise<Response>

export interface OfflineService {
  model: ServiceModel
  /** The dialect it speaks: `spec` (shared/spec) or `docs` (the service's public docs). */
  dialect: Dialect
  handlers: ReturnType<typeof createServiceHandlers>
  /** Answers a request as the service would, without any network: the handlers run in-process. */
  fetch: Fetcher
}

export type OfflineServiceOptions = Partial<ServiceModelOptions> &
  Pick<ServiceHandlersOptions, 'resolveOrigin'>

export const OFFLINE_BASE_URL = 'http://servico.offline'

/**
 * The offline service as a plain `fetch` function, for the relay's embedded upstream and
 * mock:api. `dialect` (default `spec`) picks the words, shapes and seeds it answers with.
 */
export function createOfflineService(options: OfflineServiceOptions = {}): OfflineService {
  const dialect = options.dialect ?? 'spec'
  const model = new ServiceModel({
    ...options,
    dialect,
    baseUrl: options.baseUrl ?? OFFLINE_BASE_URL,
  })
  const handlers = createServiceHandlers({ model, resolveOrigin: options.resolveOrigin, dialect })
  // An unknown path: the spec dialect's pt-BR 404, or Apigility's own words in the docs dialect.
  const notFoundDetail = dialect === 'docs' ? 'Page not found.' : 'Recurso não encontrado.'
  return {
    model,
    dialect,
    handlers,
    fetch: async (request) =>
      (await getResponse(handlers, request)) ??
      Response.json(
        { type: PROBLEM_TYPE, title: 'Not Found', status: 404, detail: notFoundDetail },
        { status: 404, headers: { 'Content-Type': 'application/problem+json' } },
      ),
  }
}

/** What `npm run mock:api -- --print-fixtures` prints: everything needed to call the service. */
export function describeFixtures(model: ServiceModel) {
  return {
    baseUrl: model.baseUrl,
    dialect: model.dialect,
    tenants: model.allTenants.map(({ seed, users, orders }) => ({
      name: seed.name,
      origin: seed.origin,
      erpKey: seed.erpKey,
      clientId: seed.clientId,
      defaultUnitRef: seed.defaultUnitRef,
      users: users
        .filter((u) => u.password !== null)
        .map((u) => ({
          document: u.user.document,
          password: u.password,
          email: u.user.email,
          name: u.user.name,
        })),
      units: seed.units.map((u) => ({ ref: `u${u.number}_${u.key}`, description: u.description })),
      referrers: seed.referrers.map((r) => ({
        ref: `i${r.number}_${r.key}`,
        description: r.description,
      })),
      // Docs dialect only: the partner logs in as a user above and reads these with the bearer.
      partners: (seed.partners ?? []).map((p) => ({
        document: p.document,
        leads: p.leads.length,
        earnings: p.gains.length,
      })),
      orders: orders.map((o) => ({
        id: o.detail.id,
        code: o.detail.code,
        publicToken: o.publicToken,
        statusPayment: o.detail.statusPayment,
        document: o.detail.user.document,
      })),
    })),
  }
}
