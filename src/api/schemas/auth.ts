import { z } from 'zod'
import { envelopeSchema } from './common'

/** Operation 1 body, as the service names its fields. */
export const loginRequestSchema = z.object({
  username: z.string().min(1),
  password: z.string().min(1),
  'client:id': z.string(),
  'client:secret': z.string().nullable(),
  'grant:type': z.string(),
})
export type LoginRequest = z.input<typeof loginRequestSchema>

/** Operation 1, 200. `expires_in` is seconds (DESIGN.md); the spec shows it as text. */
export const loginResultSchema = z.looseObject({
  access_token: z.string().min(1),
  expires_in: z.union([z.string().regex(/^\d+$/), z.number().int()]).transform(Number),
  token_type: z.string(),
  scope: z.string().nullable(),
  refresh_token: z.string(),
})
export type LoginResult = z.output<typeof loginResultSchema>

/** Operation 10 body. */
export const forgotPasswordRequestSchema = z.object({
  document: z.string().min(1),
  email: z.string().min(1),
})
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>

/** Operation 10, 202. */
export const forgotPasswordResultSchema = envelopeSchema.extend({
  pinPrefix: z.string(),
  token: z.string(),
})
export type ForgotPasswordResult = z.output<typeof forgotPasswordResultSchema>
