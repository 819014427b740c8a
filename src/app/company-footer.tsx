import { useQuery } from '@tanstack/react-query'
import { companyQueries } from '../api/queries/company-queries'
import type { PublicCompany } from '../api/schemas/company'
import { tShare } from '../i18n/pt-br-share'
import { companyAddressLine, formatCompanyCnpj } from '../lib/company-text'
import { maskPhone, onlyDigits } from '../lib/masks'

/** The company block itself (the footer shows it once the details arrive). */
export function CompanyDetails({ company }: { company: PublicCompany }) {
  const w = tShare.company
  const address = companyAddressLine(company)
  const cnpj = formatCompanyCnpj(company.document)
  return (
    // An explicit group: browsers disagree on whether <address> has a role to carry the label.
    <address className="site-footer__company" role="group" aria-label={w.label}>
      <p>
        <strong>{company.nameLaw ?? company.name}</strong>
        {company.document && ` · ${cnpj ? w.cnpj(cnpj) : w.document(company.document)}`}
      </p>
      {address && <p>{address}</p>}
      {(company.email || company.phone || company.cellphone) && (
        <p>
          {company.email && (
            <>
              {w.email}: <a href={`mailto:${company.email}`}>{company.email}</a>
            </>
          )}
          {company.phone && (
            <>
              {company.email && ' · '}
              {w.phone}:{' '}
              <a href={`tel:+55${onlyDigits(company.phone)}`}>{maskPhone(company.phone)}</a>
            </>
          )}
          {company.cellphone && (
            <>
              {(company.email || company.phone) && ' · '}
              {w.cellphone}:{' '}
              <a href={`tel:+55${onlyDigits(company.cellphone)}`}>{maskPhone(company.cellphone)}</a>
            </>
          )}
        </p>
      )}
    </address>
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
