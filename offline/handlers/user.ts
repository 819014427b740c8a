import { http, HttpResponse } from 'msw'
import type { Dialect } from '../../common/contract/upstream/dialect'
import { operations } from '../../common/contract/upstream/operations'
import type { UserWire } from '../data/types'
import type { TenantState } from '../model'
import {
  badRequest,
  bearerToken,
  enveloped,
  findTenant,
  problem,
  PROBLEM_TYPE,
  readJson,
  say,
  unknownOrigin,
  type HandlerContext,
} from './context'
import { halPage } from './hal-page'

/**
 * The documented 500 (spec: "condition not shown"). The offline service raises it when the CPF
 * and e-mail match no account, the way the real PHP service fails on a null user: the body
 * carries `trace` and a raw failure message, which the store must never show.
 */
function unknownAccountFailure(ctx: HandlerContext) {
  // The docs show the same failure on getId() (api/public/password_reset_email.md).
  const message = say(
    ctx,
    'Call to a member function getEmail() on null',
    'Call to a member function getId() on null',
  )
  return problem(500, 'Internal Server Error', message, {
    trace: [
      {
        file: '/var/www/app/module/User/src/Service/ForgotPasswordService.php',
        line: 87,
        function: 'sendRecoveryMail',
        class: 'User\\Service\\ForgotPasswordService',
        type: '->',
        args: [],
      },
      {
        file: '/var/www/app/module/User/src/V1/Rest/User/UserResource.php',
        line: 142,
        function: 'forgotPassword',
        class: 'User\\Service\\ForgotPasswordService',
        type: '->',
        args: ['52998224725', 'x***@exemplo.com.br'],
      },
      {
        file: '/var/www/app/vendor/laminas-api-tools/api-tools-rest/src/AbstractResourceListener.php',
        line: 171,
        function: 'create',
        class: 'User\\V1\\Rest\\User\\UserResource',
        type: '->',
        args: [],
      },
    ],
  })
}

function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@')
  return `${local.slice(0, 1)}***@${domain}`
}

/** 8 or more characters, with a–z, A–Z and 0–9 (no upper limit of the service's is known). */
function servicePasswordRule(password: string): boolean {
  return (
    [...password].length >= 8 &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /[0-9]/.test(password)
  )
}

/**
 * `POST /user?q=recovery-password` (api/public/password_recovery.md): the new password with the
 * token, the PIN prefix and the PIN. A weak password is a 422 on `password`; every mismatch
 * (token unknown, spent or expired, prefix or PIN wrong) is the docs' one 400; its 202 nests an
 * envelope in `detail`, as the docs show.
 */
async function recoverPassword(ctx: HandlerContext, request: Request) {
  const body = await readJson(request)
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>
  const names = ['password', 'pinPrefix', 'pin', 'token'] as const
  const missing = names.filter((n) => typeof fields[n] !== 'string' || fields[n] === '')
  if (missing.length > 0) {
    const required = say(ctx, 'Campo obrigatório.', "Value is required and can't be empty")
    return problem(422, 'Unprocessable Entity', say(ctx, 'Dados inválidos.', 'Failed Validation'), {
      validation_messages: Object.fromEntries(missing.map((n) => [n, { isEmpty: required }])),
    })
  }
  // All four are non-empty strings here (checked above).
  const [password, pinPrefix, pin, token] = names.map((n) => String(fields[n]))
  // The rule the docs' history gives the service's own recovery screen (8 or more, with a–z,
  // A–Z and 0–9; common/rules/password-reset.ts). The API docs show no refusal for it: this is
  // Apigility's failed validation, checked before the PIN, so it says nothing of the PIN.
  if (!servicePasswordRule(password!)) {
    return problem(422, 'Unprocessable Entity', say(ctx, 'Dados inválidos.', 'Failed Validation'), {
      validation_messages: {
        password: {
          weakPassword: say(
            ctx,
            'A senha precisa ter no mínimo 8 caracteres, com letra minúscula, maiúscula e número.',
            'Password must have at least 8 characters, with lower case, upper case and a number',
          ),
        },
      },
    })
  }
  const done = ctx.model.recovery.complete({
    password: password!,
    pinPrefix: pinPrefix!,
    pin: pin!,
    token: token!,
  })
  if (!done) return badRequest('Invalid recovery password pin/token')
  return HttpResponse.json(
    {
      type: PROBLEM_TYPE,
      title: 'Unknown',
      status: 202,
      detail: {
        type: PROBLEM_TYPE,
        title: 'Password Recovery',
        status: 202,
        detail: say(ctx, 'Senha alterada.', 'Password changed'),
      },
    },
    { status: 202 },
  )
}

/**
 * A user as the docs' PHP service prints it (api/private/list_user_info.md): `username` is the
 * document, what nobody typed is null, the house number an integer (0 for none, "S/N" too).
 */
function phpUser(ctx: HandlerContext, user: UserWire) {
  const id = user.id ?? 0
  const number = Number(user.number)
  return {
    id,
    username: user.document,
    document: user.document,
    name: user.name,
    email: user.email,
    phone: user.phone || null,
    cellphone: user.cellphone || null,
    businessPhone: null,
    zipCode: user.zipCode,
    address: user.address,
    number: Number.isInteger(number) ? number : 0,
    addressDetail: user.addressDetail || null,
    neighborhood: user.neighborhood,
    city: user.city,
    state: user.state,
    dateCreated: { date: '2021-02-04 15:51:17.000000', timezone_type: 3, timezone: 'UTC' },
    _links: ctx.model.link(`/user/${id}`),
  }
}

/**
 * `GET /user` (docs only, api/private/list_user_info.md): the bearer's own account as a HAL
 * collection. The docs filter by id (`filter[0][field]=id&filter[0][type]=eq&filter[0][value]`);
 * the offline service honours that filter and otherwise answers the bearer's user alone, so no
 * bearer ever reads another account (what the real service does without a filter is not
 * documented: the relay checks the document anyway). No bearer, or a dead one: the docs' 401.
 */
function userInfo(ctx: HandlerContext, request: Request) {
  const tenant = findTenant(ctx, request)
  if (!tenant) return unknownOrigin(ctx, request)
  const token = bearerToken(request)
  const user = token ? ctx.model.userForToken(tenant, token) : null
  if (!user) return problem(401, 'Unauthorized', 'Unauthorized')
  const url = new URL(request.url)
  const field = url.searchParams.get('filter[0][field]')
  const wanted = url.searchParams.get('filter[0][value]')
  const matches =
    field === 'id' && url.searchParams.get('filter[0][type]') === 'eq'
      ? String(user.id ?? '') === wanted
      : true
  // A Laminas API Tools collection (the docs' filter is api-tools-doctrine-querybuilder's), so it
  // answers in Apigility's pages (hal-page.ts) like the order list: one page here.
  return halPage({
    collectionUrl: `${ctx.model.baseUrl}${operations.userInfo.route}`,
    url,
    name: 'user',
    items: matches ? [user] : [],
    pageSize: USER_PAGE_SIZE,
    render: (entry) => phpUser(ctx, entry),
  })
}

/** Users per page of the docs' `GET /user` (the order list's size; the docs give none). */
const USER_PAGE_SIZE = 10

/**
 * Operation 10: password recovery, and the docs' recovery-password that finishes it (both
 * dialects: the spec has no way to finish, see operations.ts). `Origin` is not required here
 * (spec, rule 5). In the docs dialect also `GET /user`, the bearer's own account.
 */
export function userHandlers(ctx: HandlerContext) {
  const handlers = [
    http.post(`${ctx.model.baseUrl}${operations.forgotPassword.route}`, async ({ request }) => {
      const url = new URL(request.url)
      const q = url.searchParams.get('q')
      if (q === 'recovery-password') return recoverPassword(ctx, request)
      if (q !== 'forgot-password') {
        return badRequest(
          say(ctx, 'Operação não suportada: informe q=forgot-password.', 'Invalid query'),
        )
      }
      const required = say(ctx, 'Campo obrigatório.', "Value is required and can't be empty")
      const body = await readJson(request)
      const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>
      const { document, email } = fields
      if (typeof document !== 'string' || typeof email !== 'string' || !document || !email) {
        return problem(
          422,
          'Unprocessable Entity',
          say(ctx, 'Informe document e email.', 'Failed Validation'),
          {
            validation_messages: {
              ...(typeof document === 'string' && document
                ? {}
                : { document: { isEmpty: required } }),
              ...(typeof email === 'string' && email ? {} : { email: { isEmpty: required } }),
            },
          },
        )
      }
      const origin = ctx.resolveOrigin(request)
      const tenants: TenantState[] = origin
        ? [ctx.model.tenant(origin)].filter((t): t is TenantState => t !== undefined)
        : ctx.model.allTenants
      const account = tenants.map((t) => ctx.model.findAccount(t, document, email)).find(Boolean)
      if (!account) return unknownAccountFailure(ctx)
      return enveloped(
        202,
        'Forgot Password',
        say(ctx, `Enviamos um e-mail para ${maskEmail(account.user.email)}.`, 'Email sent'),
        ctx.model.recovery.issue(account),
      )
    }),
  ]
  // The spec has no way to read an account: in its dialect the path answers 404 like any
  // unknown one (the POSTs above share the path and stay served).
  if ((operations.userInfo.dialects as readonly Dialect[]).includes(ctx.dialect)) {
    handlers.push(
      http.get(`${ctx.model.baseUrl}${operations.userInfo.route}`, ({ request }) =>
        userInfo(ctx, request),
      ),
    )
  }
  return handlers
}
