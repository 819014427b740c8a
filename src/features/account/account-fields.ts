import * as z from 'zod/mini'
import { tAccount } from '../../../common/words/pt-br-account'
import { documentRule, emailRule } from '../../lib/field-rules'

// The same mask helpers checkout uses, so a CPF is typed the same way everywhere.
export { maskCpfCnpj, onlyDigits } from '../../../common/rules/masks'

/**
 * Field rules of the account forms, the same as checkout's: CPF or CNPJ checked by its check digits
 * (isValidCpf/isValidCnpj) and masked as it grows (000.000.000-00, then 00.000.000/0000-00), e-mail by zod's `z.email()`. The relay checks both
 * again; these only spare a round trip and say what is wrong next to the field.
 */

export const documentField = documentRule({
  required: tAccount.form.documentRequired,
  invalid: tAccount.form.documentInvalid,
})

export const emailField = emailRule({
  required: tAccount.form.emailRequired,
  invalid: tAccount.form.emailInvalid,
})

export const loginFormSchema = z.object({
  document: documentField,
  password: z.string().check(z.minLength(1, tAccount.form.passwordRequired)),
})
export type LoginForm = z.input<typeof loginFormSchema>

export const recoveryFormSchema = z.object({
  document: documentField,
  email: emailField,
})
export type RecoveryForm = z.input<typeof recoveryFormSchema>
