import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import { ApiError } from '../../../common/contract/api-error'
import { catalogQueries } from '../../api/queries/tenant-queries'
import { announce } from '../../components/announce'
import { ContactText } from '../../components/company-contact'
import { ErrorState } from '../../components/error-state'
import { PageHeading } from '../../components/page-heading'
import { tKit } from '../../../common/words/pt-br-referrer-kit'
import type { PlaceRef } from '../../../common/rules/place-ref'
import { LinkBuilder } from './link-builder-form'
import { ReferrerCard } from './referrer-card'
import { readReferrerLink, type ReadLink } from './referrer-link'
import { ReferrerResults } from './referrer-results'
import './referrer-kit.css'

/**
 * `/parceiro`: a referrer's own page. They enter their link; the store checks it with the
 * service (the payment options read, op 9, as their visitors' landing does) and shows them as
 * their visitors see them, then the link builder, its preview and its sharing. What their links
 * brought is below, for a logged-in partner. The link checked is the address's (`?link=`, never
 * `?p=`: that would make this visit the referrer's own, and their own purchase theirs), so a
 * reload or a bookmark opens the page ready.
 */
export function ReferrerKitPage() {
  const [params, setParams] = useSearchParams()
  const location = useLocation()
  const submitted = params.get('link') ?? ''
  // A text that is no referrer's link is refused from the history entry's state, never from
  // the address: what was pasted may be a whole message (names, phone numbers), and an address
  // is kept in history, bookmarks and `Referer`. Back and forward still show each entry's answer.
  const refused = (location.state as KitState | null)?.refused
  const read: ReadLink = submitted
    ? readReferrerLink(submitted)
    : refused
      ? { kind: refused }
      : { kind: 'empty' }

  const check = (text: string) => {
    const next = readReferrerLink(text)
    if (next.kind === 'referrer') {
      // The store's own form once read: the address reads as the referrer's link, whatever they pasted.
      setParams({ link: next.place.ref }, { preventScrollReset: true })
    } else if (next.kind === 'unit' || next.kind === 'invalid') {
      const state: KitState = { refused: next.kind }
      setParams({}, { preventScrollReset: true, state })
    }
  }

  // The same read as CheckedReferrer's (one request): whether the kit above is still to come.
  const checked = useQuery({
    ...catalogQueries.paymentOptions(read.kind === 'referrer' ? read.place.ref : ''),
    enabled: read.kind === 'referrer',
  })
  const checking = read.kind === 'referrer' && checked.isPending

  return (
    <div className="referrer-kit page-narrow">
      <PageHeading title={tKit.title}>{tKit.title}</PageHeading>
      <p>{tKit.intro}</p>
      <FindLink initial={submitted} onCheck={check} />
      {read.kind === 'referrer' ? (
        <CheckedReferrer place={read.place} />
      ) : read.kind === 'empty' ? null : (
        <NotFound reason={read.kind} />
      )}
      {/* Below the checked link's card and builder, which arrive with the check: shown once it
          is done, so its "Entrar" never moves down under a finger about to tap it. */}
      {!checking && <ReferrerResults />}
    </div>
  )
}

interface KitState {
  refused?: 'unit' | 'invalid'
}

/**
 * The link field and "Conferir link". Never remounted by a check, so the key or button pressed
 * keeps the focus; the field follows the address when it changes (the link in the store's form
 * after a check, another link by back or forward).
 */
function FindLink({ initial, onCheck }: { initial: string; onCheck: (text: string) => void }) {
  const [text, setText] = useState(initial)
  const [shown, setShown] = useState(initial)
  if (shown !== initial) {
    setShown(initial)
    if (initial) setText(initial)
  }
  const [empty, setEmpty] = useState(false)
  const ids = { field: useId(), hint: useId(), error: useId() }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const blank = text.trim() === ''
    setEmpty(blank)
    if (!blank) onCheck(text)
  }
  return (
    <form className="kit-find" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={ids.field}>{tKit.find.label}</label>
        <p id={ids.hint} className="field-hint">
          {tKit.find.hint}
        </p>
        <input
          id={ids.field}
          type="text"
          inputMode="url"
          autoCapitalize="none"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={empty ? `${ids.hint} ${ids.error}` : ids.hint}
          aria-invalid={empty || undefined}
        />
        {empty && (
          <p id={ids.error} className="field-error">
            {tKit.find.empty}
          </p>
        )}
      </div>
      <button type="submit" className="button button--primary">
        {tKit.find.submit}
      </button>
    </form>
  )
}

/** The link as the service knows it: refused (no builder), unreadable now, or the kit. */
function CheckedReferrer({ place }: { place: PlaceRef }) {
  const options = useQuery(catalogQueries.paymentOptions(place.ref))
  // The focus stays on the form: a screen reader hears whose link it is, then reads on.
  const name = options.data?.description
  useEffect(() => {
    if (name) announce(tKit.find.checked(name))
  }, [name])
  if (options.isPending) {
    return (
      <p role="status" className="kit-status">
        {tKit.find.checking}
      </p>
    )
  }
  if (options.isError) {
    // The service's "not this store's referrer" (400, 403 and 404 all arrive as 404:
    // docs/dialects.md, "A link the service refuses"); anything else is a failure to say so.
    const refused =
      options.error instanceof ApiError && [400, 403, 404].includes(options.error.status)
    if (refused) return <NotFound reason="unknown" />
    return (
      <ErrorState message={tKit.failed} error={options.error} onRetry={() => options.refetch()} />
    )
  }
  return (
    <>
      <ReferrerCard options={options.data} />
      <LinkBuilder place={place} />
    </>
  )
}

function NotFound({ reason }: { reason: 'invalid' | 'unknown' | 'unit' }) {
  const titleId = useId()
  return (
    <section className="kit-not-found" role="alert" aria-labelledby={titleId}>
      <h2 id={titleId}>{tKit.notFound.title}</h2>
      <p>{tKit.notFound[reason]}</p>
      <p>
        <ContactText text={tKit.notFound.how} />
      </p>
    </section>
  )
}
