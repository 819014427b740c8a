import * as z from 'zod/mini'
import { envelopeSchema } from './common'

/** Operation 1, 200. `expires_in` is seconds (docs/design.md); the spec shows it as text. */
export const loginResultSchema = z.looseObject({
  access_token: z.string().check(z.minLength(1)),
  expires_in: z.pipe(
    z.union([z.string().check(z.regex(/^\d+$/)), z.int()]),
    z.transform((v: string | number) => Number(v)),
  ),
  token_type: z.string(),
  scope: z.nullable(z.string()),
  refresh_token: z.string(),
})
export type LoginResult = z.output<typeof loginResultSchema>

/** Operation 10, 202. */
export const forgotPasswordResultSchema = z.extend(envelopeSchema, {
  pinPrefix: z.string(),
  token: z.string(),
})

/**
 * Operation 10b, 202. The docs' answer nests a whole envelope inside `detail`
 * (api/public/password_recovery.md), so nothing of the body is required: the status says it.
 */
export const recoverPasswordResultSchema = z.looseObject({
  status: z.optional(z.unknown()),
  detail: z.optional(z.unknown()),
})
