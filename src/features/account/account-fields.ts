import { isValidCpf } from '@brazilian-utils/brazilian-utils'
import * as z from 'zod/mini'
import { tAccount } from '../../i18n/pt-br-account'
import { onlyDigits } from '../../lib/masks'

// The same mask helpers checkout uses, so a CPF is typed the same way everywhere.
export { maskCpf, onlyDigits } from '../../lib/masks'

/**
 * Field rules of the account forms, the same as checkout's: CPF checked with its check digits
 * (isValidCpf) and masked as 000.000.000-00, e-mail by zod's `z.email()`. The relay checks both
 * again; these only spare a round trip and say what is wrong next to the field.
 */

export const cpfField = z.string().check(
  z.refine((value: string) => onlyDigits(value).length > 0, tAccount.form.cpfRequired),
  z.refine(
    (value: string) => onlyDigits(value).length === 0 || isValidCpf(onlyDigits(value)),
    tAccount.form.cpfInvalid,
  ),
)

/** Trimmed first, so a pasted address with a trailing space is not called invalid. */
export const emailField = z.pipe(
  z.string().check(z.trim(), z.minLength(1, tAccount.form.emailRequired)),
  z
    .email({ error: tAccount.form.emailInvalid })
    .check(z.maxLength(160, tAccount.form.emailInvalid)),
)

export const loginFormSchema = z.object({
  document: cpfField,
  password: z.string().check(z.minLength(1, tAccount.form.passwordRequired)),
})
export type LoginForm = z.input<typeof loginFormSchema>

export const recoveryFormSchema = z.object({
  document: cpfField,
  email: emailField,
})
export type RecoveryForm = z.input<typeof recoveryFormSchema>

/** One entry of a form's error summary. */
export interface SummaryItem {
  fieldId: string
  label: string
  message: string
}

/** The fields that have an error, in form order. */
export function summaryOf(
  fields: { fieldId: string; label: string; message?: string }[],
): SummaryItem[] {
  return fields.flatMap(({ fieldId, label, message }) =>
    message ? [{ fieldId, label, message }] : [],
  )
}
