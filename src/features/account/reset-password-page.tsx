import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { ApiError } from '../../../common/contract/api-error'
import { accountApi } from '../../api/queries/account-queries'
import { describeError } from '../../components/describe-error'
import { ErrorSummary, FormField, SubmitButton } from '../../components/form-parts'
import { PageHeading } from '../../components/page-heading'
import { tAccount } from '../../../common/words/pt-br-account'
import { PASSWORD_RULES } from '../../../common/rules/password-reset'
import { onlyDigits } from './account-fields'
import { resetFormSchema, type ResetForm } from './reset-fields'
import { WhoAskedFields, WhoAskedNotice } from './reset-who-asked'
import { useErrorSummary } from './use-error-summary'
import * as paths from '../../../common/rules/paths'
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
      <Link to={paths.forgotPassword}>{tAccount.reset.askAgain}</Link>
    </p>
  )
}

/**
 * `/redefinir-senha`: the PIN from the e-mail and the new password. The relay holds the recovery
 * token in an HttpOnly cookie (server/relay/sessions/recovery-state.ts); this page only ever learns the
 * PIN prefix, shown so the person picks the right e-mail. A request of no account opens the same
 * screen and fails with the same words, so the page never tells whether the CPF had an account.
 *
 * A browser without that cookie (the e-mail opened on another device, where the link leads)
 * gets the same form with the CPF or CNPJ and the e-mail the code was asked with, which the relay
 * reads its own copy of the request by (server/relay/sessions/recovery-store.ts).
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
  // No recovery in this browser: the code was asked elsewhere (or this one's ended). Not the
  // code's fault: the screen asks who asked for it instead.
  const elsewhere = prefix.error instanceof ApiError && prefix.error.status === 410
  return (
    <section className="page-narrow account-page">
      <PageHeading title={tAccount.reset.title}>{tAccount.reset.title}</PageHeading>
      {prefix.isError && !elsewhere ? (
        <div role="alert" className="error-state">
          <p>{describeError(prefix.error)}</p>
          <AskAgain />
        </div>
      ) : (
        <ResetForm
          pinPrefix={prefix.data?.pinPrefix ?? null}
          onDone={(document) => {
            const state: ResetDoneState = { passwordReset: true, document }
            void navigate(paths.login, { replace: true, state })
          }}
        />
      )}
    </section>
  )
}

type ResetField = 'document' | 'email' | 'pin' | 'password'
const RELAY_FIELDS: readonly string[] = [
  'document',
  'email',
  'pin',
  'password',
] satisfies ResetField[]

function ResetForm({
  pinPrefix,
  onDone,
}: {
  /** Null: this browser holds no recovery, so the CPF and e-mail are asked. */
  pinPrefix: string | null
  onDone: (document: string) => void
}) {
  const askWho = pinPrefix === null
  const [showPassword, setShowPassword] = useState(false)
  const failureRef = useRef<HTMLDivElement>(null)
  /** Increases on each failure told by the message: the message then takes focus. */
  const [failureFocus, setFailureFocus] = useState(0)
  const base = useId()
  const ids = {
    document: `${base}cpf`,
    email: `${base}email`,
    pin: `${base}pin`,
    password: `${base}senha`,
    confirm: `${base}repetir`,
  }
  const schema = useMemo(() => resetFormSchema(pinPrefix), [pinPrefix])
  const form = useForm<ResetForm>({
    resolver: zodResolver(schema),
    defaultValues: { document: '', email: '', pin: '', password: '', confirm: '' },
    shouldFocusError: false,
  })
  const { errors } = form.formState

  const reset = useMutation({
    mutationFn: (values: ResetForm) =>
      accountApi.resetPassword(
        values.pin,
        values.password,
        askWho ? { document: onlyDigits(values.document), email: values.email.trim() } : undefined,
      ),
    onSuccess: (result) => onDone(result.document),
    onError: (error) => {
      // The focus goes to what the answer says, never to the page body: the field the relay
      // named, or the message (a wrong PIN, too many, an outage) with its way out.
      const fields = error instanceof ApiError ? error.fieldErrors : []
      const named = fields.filter((f) => RELAY_FIELDS.includes(f.path))
      for (const field of named) form.setError(field.path as ResetField, { message: field.message })
      if (named[0]) form.setFocus(named[0].path as ResetField)
      else setFailureFocus((n) => n + 1)
    },
  })
  const { busy, onSubmit, summary } = useErrorSummary(form, reset.isPending)
  useLayoutEffect(() => {
    if (failureFocus > 0) failureRef.current?.focus()
  }, [failureFocus])

  const summaryFields = [
    ...(askWho
      ? [
          {
            fieldId: ids.document,
            label: tAccount.login.document,
            message: errors.document?.message,
          },
          {
            fieldId: ids.email,
            label: tAccount.reset.elsewhereEmail,
            message: errors.email?.message,
          },
        ]
      : []),
    { fieldId: ids.pin, label: tAccount.reset.pin, message: errors.pin?.message },
    { fieldId: ids.password, label: tAccount.reset.password, message: errors.password?.message },
    { fieldId: ids.confirm, label: tAccount.reset.confirm, message: errors.confirm?.message },
  ]
  const failure =
    reset.isError && !(reset.error instanceof ApiError && reset.error.fieldErrors.length > 0)
      ? resetFailure(reset.error)
      : null

  return (
    <>
      {askWho ? (
        <WhoAskedNotice />
      ) : (
        <>
          <p>{tAccount.reset.intro}</p>
          <div className="notice account-notice">
            <p>
              <strong>{tAccount.reset.prefix(pinPrefix)}</strong>
            </p>
            <p>{tAccount.reset.prefixHint}</p>
          </div>
        </>
      )}
      <ErrorSummary {...summary(summaryFields)} />
      {failure && (
        <div ref={failureRef} tabIndex={-1} role="alert" className="error-state account-failure">
          <p>{failure.text}</p>
          {failure.askAgain && <AskAgain />}
        </div>
      )}
      <form
        className="account-form"
        noValidate
        aria-busy={busy || undefined}
        onSubmit={onSubmit((values) => reset.mutate(values))}
      >
        {askWho && (
          <WhoAskedFields
            ids={ids}
            errors={errors}
            document={form.register('document')}
            email={form.register('email')}
            onEmail={(address) =>
              form.setValue('email', address, { shouldDirty: true, shouldValidate: true })
            }
          />
        )}
        <FormField
          id={ids.pin}
          label={tAccount.reset.pin}
          error={errors.pin?.message}
          hint={
            pinPrefix === null ? tAccount.reset.pinHintWhole : tAccount.reset.pinHint(pinPrefix)
          }
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
          <SubmitButton
            busy={busy}
            label={tAccount.reset.submit}
            busyLabel={tAccount.reset.submitting}
          />
          <Link to={paths.forgotPassword}>{tAccount.reset.askAgain}</Link>
        </p>
      </form>
    </>
  )
}
