import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { companyQueries } from '../api/queries/company-queries'
import type { PublicCompany } from '../../common/contract/schemas/company'
import { tShare } from '../../common/words/pt-br-share'
import { companyContacts, type CompanyContactLink } from '../lib/company-text'

const LABELS = {
  whatsapp: tShare.company.cellphone,
  email: tShare.company.email,
  phone: tShare.company.phone,
}

/**
 * A link to one of the store's contacts. WhatsApp opens in a new tab: on a computer wa.me is a
 * page of its own, and the store's page stays where the buyer was.
 */
function ContactAnchor({
  contact,
  children,
}: {
  contact: CompanyContactLink
  children: ReactNode
}) {
  return contact.kind === 'whatsapp' ? (
    <a href={contact.href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ) : (
    <a href={contact.href}>{children}</a>
  )
}

/** "WhatsApp: (11) 94002-8922", the number a link: one contact in a list or a line. */
export function ContactEntry({ contact }: { contact: CompanyContactLink }) {
  return (
    <>
      {LABELS[contact.kind]}:{' '}
      <ContactAnchor contact={contact}>
        {contact.text}
        {contact.kind === 'whatsapp' && (
          <span className="visually-hidden"> {tShare.order.newTab}</span>
        )}
      </ContactAnchor>
    </>
  )
}

/**
 * How to reach the store's company: its WhatsApp, e-mail and phone where the service gives them
 * (`GET /api/company`), under a line that names it. For every screen that sends a buyer to the
 * store itself (no account on a login-first store, an option paid at the store, a card the store
 * could not take). Nothing while the details load, so no line flickers.
 */
export function CompanyContact({
  lead,
  none,
  order = false,
}: {
  /** The line before the list, with the company's name. */
  lead: (name: string) => string
  /**
   * What to say when there is nobody to list (no details, no name or no contact at all); by
   * default, that the store published no contact.
   */
  none?: (name: string | undefined) => ReactNode
  /** On an order's page: without a contact, the order's link is what the buyer holds. */
  order?: boolean
}) {
  const company = useQuery(companyQueries.details())
  if (company.isPending) return null
  const data = company.data
  const name = data ? data.name.trim() || data.nameLaw || undefined : undefined
  const contacts = data ? companyContacts(data) : []
  if (!name || contacts.length === 0) {
    return none ? (
      <>{none(name)}</>
    ) : (
      <p>{order ? tShare.contact.noneOrder : tShare.contact.none}</p>
    )
  }
  return (
    <div className="store-contact">
      <p>{lead(name)}</p>
      <ul>
        {contacts.map((contact) => (
          <li key={contact.kind}>
            <ContactEntry contact={contact} />
          </li>
        ))}
      </ul>
    </div>
  )
}

/** The words a sentence sends the buyer to the store with ("peça um boleto novo à loja"). */
const TO_THE_STORE =
  /fale com a loja|combine com a loja|pe[çc]a à loja|pe[çc]a um boleto novo à loja/i

/**
 * A sentence that sends the buyer to the store ("…, fale com a loja.") with those words a link
 * to the store's first contact (WhatsApp, else e-mail, else phone: companyContacts). A store
 * that published none gets the sentence and, after it, that it published none (on an order: that
 * the order's link is what to keep), never a "fale com a loja" that leads nowhere; `noneSaid`
 * where the same page already says it, so a buyer reads it once. While the details load, or if
 * they could not be read, the sentence alone: nothing to claim either way.
 */
export function ContactText({
  text,
  order = false,
  noneSaid = false,
}: {
  text: string
  order?: boolean
  noneSaid?: boolean
}) {
  const company = useQuery(companyQueries.details())
  if (company.isPending || company.isError) return <>{text}</>
  return <ContactSentence text={text} company={company.data} order={order} noneSaid={noneSaid} />
}

/** The module's default, for a lazy import without a wrapper (components/payment-offers.tsx). */
export default ContactText

/**
 * ContactText with the details already read (`null`: the store has none), for a page rendered
 * without the app's queries (the server's not-found page for readers without JavaScript).
 */
export function ContactSentence({
  text,
  company,
  order = false,
  noneSaid = false,
}: {
  text: string
  company: PublicCompany | null
  order?: boolean
  /** The page already says the store published no contact: the sentence alone then. */
  noneSaid?: boolean
}) {
  const match = TO_THE_STORE.exec(text)
  if (!match) return <>{text}</>
  const first = company ? companyContacts(company)[0] : undefined
  if (!first && noneSaid) return <>{text}</>
  if (!first) return <>{`${text} ${order ? tShare.contact.noneOrder : tShare.contact.none}`}</>
  const end = match.index + match[0].length
  return (
    <>
      {text.slice(0, match.index)}
      <ContactAnchor contact={first}>
        {match[0]}
        <span className="visually-hidden"> {tShare.contact.via[first.kind]}</span>
      </ContactAnchor>
      {text.slice(end)}
    </>
  )
}
