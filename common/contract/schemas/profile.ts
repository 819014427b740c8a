import * as z from 'zod/mini'
import { onlyDigits } from '../../rules/masks'
import { anyTextSchema, linksSchema } from './common'

/**
 * The logged-in account's own data, to fill the checkout. Upstream only the docs have it
 * (api/private/list_user_info.md, `GET /user` with the bearer); the relay answers
 * `GET /api/account/profile` with the fields a form can use and nothing else.
 */

/** Text a form can use: trimmed, or undefined for PHP's null, "" or nothing. */
const readableText = z.pipe(
  anyTextSchema,
  z.transform((value: string) => {
    const text = value.trim()
    return text === '' ? undefined : text
  }),
)

/** The fields the relay passes on, besides the document (always the session's). */
const PROFILE_FIELDS = [
  'name',
  'email',
  'cellphone',
  'phone',
  'zipCode',
  'address',
  'number',
  'addressDetail',
  'neighborhood',
  'city',
  'state',
] as const

/**
 * One entry of the docs' `_embedded.user`, read leniently: PHP sends null for what nobody
 * typed and `number: 0` for a house without a number (the ERP's column is an integer), which
 * is not a number anyone lives at. `username`, `businessPhone`, `dateCreated` and `_links`
 * are kept loose and never leave the relay.
 */
export const serviceUserSchema = z.looseObject({
  document: anyTextSchema,
  name: readableText,
  email: readableText,
  cellphone: readableText,
  phone: readableText,
  zipCode: readableText,
  address: readableText,
  number: z.pipe(
    readableText,
    z.transform((value: string | undefined) => (value === '0' ? undefined : value)),
  ),
  addressDetail: readableText,
  neighborhood: readableText,
  city: readableText,
  state: readableText,
})
export type ServiceUser = z.output<typeof serviceUserSchema>

/** The docs' answer: a HAL collection (the example holds one user, `total_items: 1`). */
export const userInfoListSchema = z.looseObject({
  _embedded: z.looseObject({ user: z.array(serviceUserSchema) }),
  total_items: z.optional(z.unknown()),
  _links: linksSchema,
})
export type UserInfoList = z.output<typeof userInfoListSchema>

/**
 * Where the fields besides the document came from: the service's own account read (the docs'
 * `GET /user`), or the `user` of the account's most recent order (the spec's, which has no
 * account read, and a service whose `GET /user` fails or does not hold the account). Absent
 * when the answer is the document alone.
 */
const PROFILE_SOURCES = ['account', 'latest-order'] as const
export type ProfileSource = (typeof PROFILE_SOURCES)[number]

/** What `GET /api/account/profile` answers: only readable, non-empty values. */
export const accountProfileSchema = z.object({
  document: z.string().check(z.minLength(1)),
  source: z.optional(z.enum(PROFILE_SOURCES)),
  name: z.optional(z.string()),
  email: z.optional(z.string()),
  cellphone: z.optional(z.string()),
  phone: z.optional(z.string()),
  zipCode: z.optional(z.string()),
  address: z.optional(z.string()),
  number: z.optional(z.string()),
  addressDetail: z.optional(z.string()),
  neighborhood: z.optional(z.string()),
  city: z.optional(z.string()),
  state: z.optional(z.string()),
})
export type AccountProfile = z.output<typeof accountProfileSchema>

/**
 * The entry of a user list that is the session's own account, or undefined. Ownership is the
 * document the person logged in with: whatever else the service sends is never handed over.
 */
export function ownUser(list: UserInfoList, document: string): ServiceUser | undefined {
  return list._embedded.user.find((user) => onlyDigits(user.document) === document)
}

/**
 * The profile answer: the session's document, plus the account's readable fields and, when
 * there are any, where they came from.
 */
export function accountProfile(
  document: string,
  user?: ServiceUser,
  source?: ProfileSource,
): AccountProfile {
  const profile: AccountProfile = { document }
  if (!user) return profile
  for (const field of PROFILE_FIELDS) {
    const value = user[field]
    if (value !== undefined) profile[field] = value
  }
  if (source && Object.keys(profile).length > 1) profile.source = source
  return profile
}
