import * as z from 'zod/mini'
import { tAccount } from '../../../common/words/pt-br-account'
import {
  brokenPasswordRules,
  normalizePin,
  PIN_PATTERN,
} from '../../../common/rules/password-reset'
import { documentField, emailField } from './account-fields'

/**
 * The PIN screen's form rules: the PIN as the relay will normalise it (so `abc 123 456` is fine),
 * the store's password rules (common/rules/password-reset.ts; the service's docs name none), and the
 * two passwords equal. The relay checks the first two again.
 *
 * `pinPrefix` null: this browser holds no recovery (the code was asked on another device), so
 * the CPF or CNPJ and the e-mail it was asked with are asked too, with the request's own rules;
 * otherwise those two stay empty and are not sent.
 */
export function resetFormSchema(pinPrefix: string | null) {
  const askWho = pinPrefix === null
  return z
    .object({
      document: askWho ? documentField : z.string(),
      email: askWho ? emailField : z.string(),
      pin: z.string().check(
        z.minLength(1, tAccount.reset.pinRequired),
        z.refine((v) => v.trim() === '' || PIN_PATTERN.test(normalizePin(v, pinPrefix ?? '')), {
          message: tAccount.reset.pinInvalid,
        }),
      ),
      password: z.string().check(
        z.superRefine((value, ctx) => {
          const broken = brokenPasswordRules(value)
          // One message at a time: the list of rules stays on screen next to the field.
          if (broken[0])
            ctx.issues.push({
              code: 'custom',
              message: tAccount.reset.ruleError[broken[0]],
              input: value,
            })
        }),
      ),
      confirm: z.string().check(z.minLength(1, tAccount.reset.confirmRequired)),
    })
    .check(
      z.refine((v) => v.confirm === '' || v.confirm === v.password, {
        message: tAccount.reset.mismatch,
        path: ['confirm'],
        // Also when another field failed: the person sees every problem at once.
        when: (payload) => {
          const v = payload.value as Partial<Record<'password' | 'confirm', unknown>>
          return typeof v.password === 'string' && typeof v.confirm === 'string'
        },
      }),
    )
}
export type ResetForm = z.input<ReturnType<typeof resetFormSchema>>
