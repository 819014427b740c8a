import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useEffect, useId, useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { ApiError } from '../../api/api-error'
import { accountApi } from '../../api/queries/account-queries'
import { describeError } from '../../components/describe-error'
import { ErrorSummary, FormField } from '../../components/form-parts'
import { PageHeading } from '../../components/page-heading'
import { tAccount } from '../../i18n/pt-br-account'
import { PASSWORD_RULES } from '../../lib/password-reset'
import { summaryOf } from './account-fields'
import { resetFormSchema, type ResetForm } from './reset-fields'
import './account.css'

/** What the login page gets after a reset: in navigation state, never in the URL. */
export interface ResetDoneState {
  passwordReset: true
  /** Digits of the CPF the recovery was asked for. */
  document: string
}

/** The words for a failed submit, and whether asking for a new code is the way out. */
function resetFailure(error: unknown): { text: string; askAgain: boolean } {
  if (error instanceof ApiError) {
    if (error.code === 'recovery_pin_invalid' || error.status === 429 || error.status === 410)
      return { text: error.detail, askAgain: true }
    if (error.status >= 500 && error.status !== 504)
      return { text: tAccount.reset.failed, askAgain: false }
  }
  return { text: describeError(error), askAgain: false }
}

function AskAgain() {
  return (
    <p>
      <Link to="/esqueci-senha">{tAccount.reset.askAgain}</Link>
    </p>
  )
}

/**
 * `/redefinir-senha`: the PIN from the e-mail and the new password. The relay holds the recovery
 * token in an HttpOnly cookie (server/relay/recovery-state.ts); this page only ever learns the
 * PIN prefix, shown so the person picks the right e-mail. A request of no account opens the same
 * screen and fails with the same words, so the page never tells whether the CPF had an account.
 */
export function ResetPasswordPage() {
  const navigate = useNavigate()
  const prefix = useQuery({
    queryKey: ['password-reset', 'prefix'],
    queryFn: ({ signal }) => accountApi.resetPrefix(signal),
    retry: false,
    staleTime: Infinity,
  })
  if (prefix.isPending) {
    return (
      <section className="page-narrow account-page">
        <PageHeading title={tAccount.reset.title}>{tAccount.reset.title}</PageHeading>
        <p role="status">{tAccount.reset.loading}</p>
      </section>
    )
  }
  return (
    <section className="page-narrow account-page">
      <PageHeading title={tAccount.reset.title}>{tAccount.reset.title}</PageHeading>
      {prefix.isError ? (
        <div role="alert" className="error-state">
          <p>
            {prefix.error instanceof ApiError && prefix.error.status === 410
              ? tAccount.reset.missing
              : describeError(prefix.error)}
          </p>
          <AskAgain />
        </div>
      ) : (
        <ResetForm
          pinPrefix={prefix.data.pinPrefix}
          onDone={(document) => {
            const state: ResetDoneState = { passwordReset: true, document }
            void navigate('/entrar', { replace: true, state })
          }}
        />
      )}
    </section>
  )
}

function ResetForm({
  pinPrefix,
  onDone,
}: {
  pinPrefix: string
  onDone: (document: string) => void
}) {
  const [summaryFocus, setSummaryFocus] = useState(0)
  const [showPassword, setShowPassword] = useState(false)
  const base = useId()
  const ids = { pin: `${base}pin`, password: `${base}senha`, confirm: `${base}repetir` }
  const schema = useMemo(() => resetFormSchema(pinPrefix), [pinPrefix])
  const form = useForm<ResetForm>({
    resolver: zodResolver(schema),
    defaultValues: { pin: '', password: '', confirm: '' },
    shouldFocusError: false,
  })
  const { errors } = form.formState

  const reset = useMutation({
    mutationFn: (values: ResetForm) => accountApi.resetPassword(values.pin, values.password),
    onSuccess: (result) => onDone(result.document),
  })

  // The relay's field errors (it checks the rules again) go next to their fields.
  useEffect(() => {
    if (!(reset.error instanceof ApiError)) return
    for (const field of reset.error.fieldErrors) {
      if (field.path === 'pin' || field.path === 'password')
        form.setError(field.path, { message: field.message })
    }
  }, [reset.error, form])

  const summary = summaryOf([
    { fieldId: ids.pin, label: tAccount.reset.pin, message: errors.pin?.message },
    { fieldId: ids.password, label: tAccount.reset.password, message: errors.password?.message },
    { fieldId: ids.confirm, label: tAccount.reset.confirm, message: errors.confirm?.message },
  ])
  const failure =
    reset.isError && !(reset.error instanceof ApiError && reset.error.fieldErrors.length > 0)
      ? resetFailure(reset.error)
      : null

  return (
    <>
      <p>{tAccount.reset.intro}</p>
      <div className="notice account-notice">
        <p>
          <strong>{tAccount.reset.prefix(pinPrefix)}</strong>
        </p>
        <p>{tAccount.reset.prefixHint}</p>
      </div>
      <ErrorSummary
        title={tAccount.form.summaryTitle(summary.length)}
        items={summary}
        focusSignal={summaryFocus}
      />
      {failure && (
        <div role="alert" className="error-state">
          <p>{failure.text}</p>
          {failure.askAgain && <AskAgain />}
        </div>
      )}
      <form
        className="account-form"
        noValidate
        onSubmit={form.handleSubmit(
          (values) => reset.mutate(values),
          () => setSummaryFocus((n) => n + 1),
        )}
      >
        <FormField
          id={ids.pin}
          label={tAccount.reset.pin}
          error={errors.pin?.message}
          hint={tAccount.reset.pinHint(pinPrefix)}
        >
          {(control) => (
            <input
              {...control}
              {...form.register('pin')}
              autoComplete="one-time-code"
              autoCapitalize="characters"
              spellCheck={false}
            />
          )}
        </FormField>
        <FormField
          id={ids.password}
          label={tAccount.reset.password}
          error={errors.password?.message}
          hint={
            <>
              {tAccount.reset.rulesTitle}{' '}
              {PASSWORD_RULES.map((rule) => tAccount.reset.rules[rule]).join(', ')}.
            </>
          }
        >
          {(control) => (
            <input
              {...control}
              {...form.register('password')}
              type={showPassword ? 'text' : 'password'}
              autoComplete="new-password"
            />
          )}
        </FormField>
        <FormField id={ids.confirm} label={tAccount.reset.confirm} error={errors.confirm?.message}>
          {(control) => (
            <input
              {...control}
              {...form.register('confirm')}
              type={showPassword ? 'text' : 'password'}
              autoComplete="new-password"
            />
          )}
        </FormField>
        <p>
          <label>
            <input
              type="checkbox"
              checked={showPassword}
              onChange={(e) => setShowPassword(e.target.checked)}
            />{' '}
            {tAccount.reset.showPassword}
          </label>
        </p>
        <p className="actions">
          <button type="submit" className="button button--primary" disabled={reset.isPending}>
            {reset.isPending ? tAccount.reset.submitting : tAccount.reset.submit}
          </button>
          <Link to="/esqueci-senha">{tAccount.reset.askAgain}</Link>
        </p>
      </form>
    </>
  )
}
