import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { companyQueries } from '../api/queries/company-queries'
import { tShare } from '../i18n/pt-br-share'
import { maskPhone, onlyDigits } from '../lib/masks'

/**
 * How to reach the store's company: its e-mail and phones where the service gives them
 * (`GET /api/company`), under a line that names it. For every screen that sends a buyer to the
 * store itself (no account on a login-first store, an option paid at the store, a card the store
 * could not take). Nothing while the details load, so no line flickers.
 */
export function CompanyContact({
  lead,
  none,
}: {
  /** The line before the list, with the company's name. */
  lead: (name: string) => string
  /** What to say when there is nobody to list (no details, no name or no contact at all). */
  none: (name: string | undefined) => ReactNode
}) {
  const company = useQuery(companyQueries.details())
  if (company.isPending) return null
  const w = tShare.company
  const data = company.data
  const name = data ? data.name.trim() || data.nameLaw || undefined : undefined
  const phones: { label: string; value: string }[] = []
  if (data?.phone) phones.push({ label: w.phone, value: data.phone })
  if (data?.cellphone) phones.push({ label: w.cellphone, value: data.cellphone })
  if (!data || !name || (!data.email && phones.length === 0)) return <>{none(name)}</>
  return (
    <div className="store-contact">
      <p>{lead(name)}</p>
      <ul>
        {data.email && (
          <li>
            {w.email}: <a href={`mailto:${data.email}`}>{data.email}</a>
          </li>
        )}
        {phones.map((phone) => (
          <li key={phone.label}>
            {phone.label}:{' '}
            <a href={`tel:+55${onlyDigits(phone.value)}`}>{maskPhone(phone.value)}</a>
          </li>
        ))}
      </ul>
    </div>
  )
}
