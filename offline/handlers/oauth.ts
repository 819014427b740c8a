import { http, HttpResponse } from 'msw'
import { DIALECT_FACTS } from '../../common/contract/upstream/dialect'
import { operations } from '../../common/contract/upstream/operations'
import { ACCESS_TOKEN_SECONDS } from '../model'
import { problem, readJson, findTenant, unknownOrigin, type HandlerContext } from './context'

/**
 * Operation 1: password grant. The client fields are spelled per dialect (`client:id` in the
 * spec, `client_id` in the docs) and each dialect takes only its own spelling: the other one is
 * a missing client, 400 `invalid_client`, as an OAuth server answers. The username is a CPF or a
 * CNPJ, with or without punctuation.
 */
export function oauthHandlers(ctx: HandlerContext) {
  const fieldNames = DIALECT_FACTS[ctx.dialect].loginFields
  return [
    http.post(`${ctx.model.baseUrl}${operations.login.route}`, async ({ request }) => {
      const tenant = findTenant(ctx, request)
      if (!tenant) return unknownOrigin(ctx, request)
      const body = await readJson(request)
      if (!body || typeof body !== 'object') {
        return problem(400, 'invalid_request', 'The request body must be a JSON object.')
      }
      const fields = body as Record<string, unknown>
      const secret = fields[fieldNames.clientSecret]
      if (
        fields[fieldNames.clientId] !== tenant.seed.clientId ||
        fields[fieldNames.grantType] !== 'password' ||
        (secret !== null && secret !== undefined && secret !== '')
      ) {
        return problem(400, 'invalid_client', 'The client credentials are invalid')
      }
      const { username, password } = fields
      if (typeof username !== 'string' || typeof password !== 'string') {
        return problem(
          400,
          'invalid_request',
          'Missing parameters: "username" and "password" required',
        )
      }
      const tokens = ctx.model.login(tenant, username, password)
      if (!tokens) return problem(401, 'invalid_grant', 'Invalid username and password combination')
      return HttpResponse.json({
        access_token: tokens.accessToken,
        expires_in: String(ACCESS_TOKEN_SECONDS),
        token_type: 'Bearer',
        scope: '',
        refresh_token: tokens.refreshToken,
      })
    }),
  ]
}
