import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form'
import { Link } from 'react-router'
import { EmailField } from '../../components/email-field'
import { FormField } from '../../components/form-parts'
import { tAccount } from '../../../common/words/pt-br-account'
import { DocumentInput } from './form-parts'
import type { ResetForm } from './reset-fields'
import * as paths from '../../../common/rules/paths'

/**
 * The PIN screen in a browser that holds no recovery, most often because the code was asked on
 * another device: it says what to type instead of blaming the code (the relay finds the request
 * by the CPF or CNPJ and the e-mail; server/relay/sessions/recovery-store.ts).
 */
export function WhoAskedNotice() {
  return (
    <div className="notice account-notice">
      <p>
        <strong>{tAccount.reset.elsewhereTitle}</strong>
      </p>
      <p>{tAccount.reset.elsewhere}</p>
      <p>
        {tAccount.reset.noCodeYet} <Link to={paths.forgotPassword}>{tAccount.reset.askFirst}</Link>
      </p>
    </div>
  )
}

/** The CPF or CNPJ and the e-mail the code was asked with, as the forgot-password page takes them. */
export function WhoAskedFields({
  ids,
  errors,
  document,
  email,
  onEmail,
}: {
  ids: { document: string; email: string }
  errors: FieldErrors<ResetForm>
  document: UseFormRegisterReturn
  email: UseFormRegisterReturn
  /** The e-mail as suggested instead of a mistyped one (components/email-field.tsx). */
  onEmail: (address: string) => void
}) {
  return (
    <>
      <FormField id={ids.document} label={tAccount.login.document} error={errors.document?.message}>
        {(control) => <DocumentInput control={control} registration={document} />}
      </FormField>
      <EmailField
        id={ids.email}
        label={tAccount.reset.elsewhereEmail}
        error={errors.email?.message}
        registration={email}
        onAccept={onEmail}
        spellCheck={false}
      />
    </>
  )
}
