import type { RequestHandler } from 'msw'
import type { Dialect } from '../common/contract/upstream/dialect'
import type { ServiceModel } from './model'
import type { HandlerContext } from './handlers/context'
import { companyHandlers } from './handlers/company'
import { devHandlers } from './handlers/dev'
import { fileHandlers } from './handlers/files'
import { oauthHandlers } from './handlers/oauth'
import { orderExternalHandlers } from './handlers/order-external'
import { orderHandlers } from './handlers/order'
import { orderCheckoutHandlers } from './handlers/order-checkout'
import { orderInfoHandlers } from './handlers/order-info'
import { parameterHandlers } from './handlers/parameter'
import { userHandlers } from './handlers/user'
import { userIndicationHandlers } from './handlers/user-indication'

export interface ServiceHandlersOptions {
  model: ServiceModel
  /** Defaults to the `Origin` header, as the real service reads it. */
  resolveOrigin?: HandlerContext['resolveOrigin']
  /**
   * Defaults to the model's dialect (itself `spec` unless told). Given, it must be the model's:
   * the model holds the seeds of one dialect (the ERP's orders exist in `docs` only).
   */
  dialect?: Dialect
}

/**
 * The offline service: one handler set shared by msw/node (tests, the relay's embedded
 * upstream, `npm run mock:api`) and msw/browser (the static demo).
 */
export function createServiceHandlers({
  model,
  resolveOrigin,
  dialect,
}: ServiceHandlersOptions): RequestHandler[] {
  if (dialect && dialect !== model.dialect) {
    throw new Error(`handlers in ${dialect} over a model seeded for ${model.dialect}`)
  }
  const ctx: HandlerContext = {
    model,
    dialect: dialect ?? model.dialect,
    resolveOrigin: resolveOrigin ?? ((request) => request.headers.get('origin')),
  }
  return [
    ...oauthHandlers(ctx),
    // `/order/info` before `/order/:id` (docs): MSW's `:id` would match `info` too. The
    // company details share the path and pass anything else on, so they come first.
    ...companyHandlers(ctx),
    ...orderInfoHandlers(ctx),
    ...orderHandlers(ctx),
    ...orderCheckoutHandlers(ctx),
    ...orderExternalHandlers(ctx),
    ...userHandlers(ctx),
    ...userIndicationHandlers(ctx),
    ...parameterHandlers(ctx),
    ...fileHandlers(ctx),
    ...devHandlers(ctx),
  ]
}
