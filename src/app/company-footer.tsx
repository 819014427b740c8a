import { useQuery } from '@tanstack/react-query'
import { Fragment } from 'react'
import { companyQueries } from '../api/queries/company-queries'
import { ContactEntry } from '../components/company-contact'
import type { PublicCompany } from '../../common/contract/schemas/company'
import { tShare } from '../../common/words/pt-br-share'
import { companyAddressLine, companyContacts, formatCompanyCnpj } from '../lib/company-text'

/** The company block itself (the footer shows it once the details arrive). */
function CompanyDetails({ company }: { company: PublicCompany }) {
  const w = tShare.company
  const address = companyAddressLine(company)
  const cnpj = formatCompanyCnpj(company.document)
  const contacts = companyContacts(company)
  return (
    // An explicit group: browsers disagree on whether <address> has a role to carry the label.
    <address className="site-footer__company" role="group" aria-label={w.label}>
      <p>
        <strong>{company.nameLaw ?? company.name}</strong>
        {company.document && ` · ${cnpj ? w.cnpj(cnpj) : w.document(company.document)}`}
      </p>
      {address && <p>{withWholeCep(address)}</p>}
      {contacts.length > 0 && (
        <p>
          {contacts.map((contact, i) => (
            <Fragment key={contact.kind}>
              {i > 0 && ' · '}
              {/* The cellphone as WhatsApp's own chat link: tel: would open the dialler. */}
              <ContactEntry contact={contact} />
            </Fragment>
          ))}
        </p>
      )}
    </address>
  )
}

/** "… – São Paulo/SP – CEP 01310-100": the CEP is never broken across two lines (styles.css). */
function withWholeCep(address: string) {
  const at = address.lastIndexOf('CEP ')
  if (at < 0) return address
  return (
    <>
      {address.slice(0, at)}
      <span className="site-footer__cep">{address.slice(at)}</span>
    </>
  )
}

/**
 * The store's company details in the footer of every page (name, CNPJ, contact, address), from
 * the service's company-details read. While loading, or when the service has none or fails,
 * nothing shows: the footer is complete without it and a footer error would only distract.
 */
export function CompanyFooter() {
  const company = useQuery(companyQueries.details())
  return company.data ? <CompanyDetails company={company.data} /> : null
}
