import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useId, useLayoutEffect, useRef } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { ApiError } from '../../../common/contract/api-error'
import { accountApi } from '../../api/queries/account-queries'
import { describeError } from '../../components/describe-error'
import { PageHeading } from '../../components/page-heading'
import { tAccount } from '../../../common/words/pt-br-account'
import { onlyDigits, recoveryFormSchema, type RecoveryForm } from './account-fields'
import { ErrorSummary, FormField, SubmitButton } from '../../components/form-parts'
import { EmailField } from '../../components/email-field'
import { DocumentInput } from './form-parts'
import { useErrorSummary } from './use-error-summary'
import * as paths from '../../../common/rules/paths'
import './account.css'

/**
 * Why the request failed: only when the service could not be reached or failed (502/504; a CPF
 * and e-mail of no account get the same 202 as a match), or too many requests (429).
 */
function recoveryFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status >= 500 && error.status !== 504) return tAccount.recovery.failed
    if (error.status === 429) return tAccount.recovery.tooMany
  }
  return describeError(error)
}

/**
 * `/esqueci-senha`: CPF and e-mail. On 202 the page says an e-mail comes IF the pair is an
 * account's: the relay answers the same either way, so the page cannot (and must not) tell.
 */
export function ForgotPasswordPage() {
  const base = useId()
  const ids = { document: `${base}cpf`, email: `${base}email` }
  const sentRef = useRef<HTMLDivElement>(null)

  const form = useForm<RecoveryForm>({
    resolver: zodResolver(recoveryFormSchema),
    defaultValues: { document: '', email: '' },
    shouldFocusError: false,
  })
  const { errors } = form.formState

  const recovery = useMutation({
    mutationFn: (values: RecoveryForm) =>
      accountApi.requestPasswordRecovery(onlyDigits(values.document), values.email.trim()),
  })

  const { busy, onSubmit, summary } = useErrorSummary(form, recovery.isPending)

  useLayoutEffect(() => {
    if (recovery.isSuccess) sentRef.current?.focus()
  }, [recovery.isSuccess])

  return (
    <section className="page-narrow account-page">
      <PageHeading title={tAccount.recovery.title}>{tAccount.recovery.title}</PageHeading>
      {recovery.isSuccess ? (
        <div ref={sentRef} tabIndex={-1} role="status" className="success account-sent">
          <h2 className="account-sent__title">{tAccount.recovery.sentTitle}</h2>
          <p>{tAccount.recovery.sent}</p>
          <p>{tAccount.recovery.sentHint}</p>
          <p className="actions">
            <Link to={paths.resetPassword} className="button button--primary">
              {tAccount.recovery.haveCode}
            </Link>
            <Link to={paths.login}>{tAccount.recovery.backToLogin}</Link>
          </p>
        </div>
      ) : (
        <>
          <p>{tAccount.recovery.intro}</p>
          <ErrorSummary
            {...summary([
              {
                fieldId: ids.document,
                label: tAccount.login.document,
                message: errors.document?.message,
              },
              {
                fieldId: ids.email,
                label: tAccount.recovery.email,
                message: errors.email?.message,
              },
            ])}
          />
          {recovery.isError && (
            <div role="alert" className="error-state">
              <p>{recoveryFailure(recovery.error)}</p>
            </div>
          )}
          <form
            className="account-form"
            noValidate
            aria-busy={busy || undefined}
            onSubmit={onSubmit((values) => recovery.mutate(values))}
          >
            <FormField
              id={ids.document}
              label={tAccount.login.document}
              error={errors.document?.message}
            >
              {(control) => (
                <DocumentInput control={control} registration={form.register('document')} />
              )}
            </FormField>
            <EmailField
              id={ids.email}
              label={tAccount.recovery.email}
              error={errors.email?.message}
              registration={form.register('email')}
              onAccept={(address) =>
                form.setValue('email', address, { shouldDirty: true, shouldValidate: true })
              }
              spellCheck={false}
            />
            <p className="actions">
              <SubmitButton
                busy={busy}
                label={tAccount.recovery.submit}
                busyLabel={tAccount.recovery.submitting}
              />
              <Link to={paths.login}>{tAccount.recovery.backToLogin}</Link>
            </p>
          </form>
        </>
      )}
    </section>
  )
}
