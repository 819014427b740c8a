import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils'
import * as z from 'zod/mini'
import { onlyDigits } from '../../common/rules/masks'

/**
 * Field rules shared by every form (checkout, login, password recovery), so a CPF or an e-mail
 * is judged the same way everywhere; each form brings its own words.
 */

/** A CPF or a CNPJ as typed: required, then checked by the check digits of whichever it is. */
export function documentRule(messages: { required: string; invalid: string }) {
  return z.string().check(
    z.refine((value: string) => onlyDigits(value).length > 0, messages.required),
    z.refine((value: string) => {
      const digits = onlyDigits(value)
      return digits.length === 0 || isValidCpf(digits) || isValidCnpj(digits)
    }, messages.invalid),
  )
}

/** An e-mail, trimmed first so a pasted address with a trailing space is not called invalid. */
export function emailRule(messages: { required: string; invalid: string }) {
  return z.pipe(
    z.string().check(z.trim(), z.minLength(1, messages.required)),
    z.email({ error: messages.invalid }).check(z.maxLength(160, messages.invalid)),
  )
}
