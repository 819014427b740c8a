import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, Navigate, useLocation, useSearchParams } from 'react-router'
import { ApiError } from '../../../common/contract/api-error'
import { accountApi, MY_ORDERS_KEY } from '../../api/queries/account-queries'
import { sessionQueries } from '../../api/queries/session-queries'
import { announce } from '../../components/announce'
import { CompanyContact } from '../../components/company-contact'
import { describeError } from '../../components/describe-error'
import { PageHeading } from '../../components/page-heading'
import { tAccount } from '../../../common/words/pt-br-account'
import { useParameters } from '../../state/use-parameters'
import type { LoginLocationState } from '../../state/use-session-guard'
import { loginFormSchema, maskCpfCnpj, onlyDigits, type LoginForm } from './account-fields'
import { ErrorSummary, FormField, SubmitButton } from '../../components/form-parts'
import { DocumentInput } from './form-parts'
import type { ResetDoneState } from './reset-password-page'
import { safeReturnPath } from './return-path'
import { useErrorSummary } from './use-error-summary'
import * as paths from '../../../common/rules/paths'
import './account.css'

/** What the checkout of a store without guest checkout sends along (checkout-page.tsx). */
interface CheckoutLoginState {
  reason?: 'checkout'
}

type LoginPageState = LoginLocationState & CheckoutLoginState & Partial<ResetDoneState>

function loginFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return tAccount.login.invalidCredentials
  if (error instanceof ApiError && error.status === 429) return tAccount.login.tooMany
  return describeError(error)
}

/**
 * `/entrar?voltar=<path>`: CPF and password. The relay performs the password grant and keeps
 * the tokens; this page only learns "logged in until <expiry>" and goes back where it was asked.
 */
export function LoginPage() {
  const [params] = useSearchParams()
  const locationState = useLocation().state as LoginPageState | null
  // Two senders, two names: the session guard says why (`loginReason`: expired, required),
  // the checkout of a login-first store says `reason: 'checkout'`.
  const reason = locationState?.loginReason
  const fromCheckout = locationState?.reason === 'checkout'
  const target = safeReturnPath(params.get('voltar'), fromCheckout ? paths.checkout : undefined)
  const parameters = useParameters()
  // No open sign-up in this service: whoever needs an account must hear whom to ask.
  const showContact = fromCheckout || parameters.data?.allowGuest === false
  // Back from a password reset: the CPF comes in navigation state (never the URL), with a notice.
  const resetDone = locationState?.passwordReset === true
  const session = useQuery(sessionQueries.current())
  const queryClient = useQueryClient()
  const [showPassword, setShowPassword] = useState(false)
  const base = useId()
  const ids = { document: `${base}cpf`, password: `${base}senha` }

  const form = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: {
      document: resetDone ? maskCpfCnpj(locationState?.document ?? '') : '',
      password: '',
    },
    // The error summary takes focus instead of the first field.
    shouldFocusError: false,
  })
  const { errors } = form.formState

  const login = useMutation({
    mutationFn: (values: LoginForm) =>
      accountApi.login(onlyDigits(values.document), values.password),
    onSuccess: (state) => {
      // Another person may have used this browser: their orders must not show.
      queryClient.removeQueries({ queryKey: MY_ORDERS_KEY })
      queryClient.setQueryData(sessionQueries.current().queryKey, state)
      void queryClient.invalidateQueries({ queryKey: sessionQueries.current().queryKey })
      announce(tAccount.login.welcome)
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) {
        form.resetField('password')
        form.setFocus('password')
      }
    },
  })

  // The relay slows repeated logins down (seconds): the button says it is working all along.
  const { busy, onSubmit, summary } = useErrorSummary(form, login.isPending)

  // Logged in (now, or already): go where the login was asked from.
  if (session.data?.authenticated) return <Navigate to={target} replace />

  return (
    <section className="page-narrow account-page">
      <PageHeading title={tAccount.login.title}>{tAccount.login.title}</PageHeading>
      {resetDone && (
        <div role="status" className="success account-notice">
          <p>{tAccount.reset.done}</p>
        </div>
      )}
      {fromCheckout ? (
        <div role="status" className="notice account-notice">
          <p>{tAccount.session.checkout}</p>
        </div>
      ) : (
        reason && (
          <div role="status" className="notice account-notice">
            <p>{reason === 'expired' ? tAccount.session.expired : tAccount.session.required}</p>
          </div>
        )
      )}
      <p>{fromCheckout ? tAccount.login.introCheckout : tAccount.login.intro}</p>
      <ErrorSummary
        {...summary([
          {
            fieldId: ids.document,
            label: tAccount.login.document,
            message: errors.document?.message,
          },
          {
            fieldId: ids.password,
            label: tAccount.login.password,
            message: errors.password?.message,
          },
        ])}
      />
      {login.isError && (
        <div role="alert" className="error-state">
          <p>{loginFailure(login.error)}</p>
        </div>
      )}
      <form
        className="account-form"
        noValidate
        aria-busy={busy || undefined}
        onSubmit={onSubmit((values) => login.mutate(values))}
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
        <FormField
          id={ids.password}
          label={tAccount.login.password}
          error={errors.password?.message}
        >
          {(control) => (
            <div className="password-field">
              <input
                {...control}
                {...form.register('password')}
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
              />
              <button
                type="button"
                className="button password-field__toggle"
                aria-pressed={showPassword}
                onClick={() => setShowPassword((v) => !v)}
              >
                {tAccount.login.showPassword}
              </button>
            </div>
          )}
        </FormField>
        <p className="actions">
          <SubmitButton
            busy={busy}
            label={tAccount.login.submit}
            busyLabel={tAccount.login.submitting}
          />
          <Link to={paths.forgotPassword}>{tAccount.login.forgot}</Link>
        </p>
      </form>
      {showContact && <NoAccountContact />}
    </section>
  )
}

/**
 * For a buyer without an account. The service has no open sign-up (the docs' new-user checkout
 * needs a hosted-shop token the store does not hold), so the honest answer is whom to ask: the
 * store's company; without its details, a sentence that still says what to do.
 */
function NoAccountContact() {
  const w = tAccount.login
  return (
    <CompanyContact
      lead={(name) => `${w.noAccount(name)}:`}
      // A name alone ("Fale com Digital Sul.") leads nowhere: without a contact, say there is none.
      none={() => <p>{w.noAccountGeneric}</p>}
    />
  )
}
