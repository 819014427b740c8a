// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useForm } from 'react-hook-form'
import { afterEach, describe, expect, it } from 'vitest'
import { EmailField } from './email-field'

function Form({ onSubmit }: { onSubmit: (values: { email: string }) => void }) {
  const form = useForm({ defaultValues: { email: '' } })
  return (
    <form onSubmit={form.handleSubmit(onSubmit)}>
      <EmailField
        id="email"
        label="E-mail"
        registration={form.register('email')}
        onAccept={(address) => form.setValue('email', address)}
      />
      <label>
        Celular <input />
      </label>
      <button type="submit">Enviar</button>
    </form>
  )
}

afterEach(cleanup)

describe('EmailField', () => {
  it('suggests the mailbox a mistyped domain means once the field is left; one press takes it', async () => {
    const user = userEvent.setup()
    let sent: unknown
    render(<Form onSubmit={(values) => (sent = values)} />)
    const email = screen.getByLabelText('E-mail')
    await user.type(email, 'maria@gmail.co')
    // Not while typing: "gmail.co" is on its way to "gmail.com".
    expect(screen.queryByText(/Você quis dizer/)).toBeNull()
    await user.type(email, 'n')
    await user.tab()
    expect(screen.getByText(/Você quis dizer/)).toHaveTextContent(
      'Você quis dizer maria@gmail.com?',
    )
    // Said again when the buyer goes back to the field.
    expect(email).toHaveAccessibleDescription(/^Você quis dizer .*maria@gmail\.com/)
    await user.click(screen.getByRole('button', { name: 'Usar maria@gmail.com' }))
    expect(email).toHaveValue('maria@gmail.com')
    expect(email).toHaveFocus()
    expect(screen.queryByText(/Você quis dizer/)).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Enviar' }))
    expect(sent).toEqual({ email: 'maria@gmail.com' })
  })

  it('never blocks: the address goes as typed when the hint is left alone', async () => {
    const user = userEvent.setup()
    let sent: unknown
    render(<Form onSubmit={(values) => (sent = values)} />)
    await user.type(screen.getByLabelText('E-mail'), 'maria@gmail.con')
    await user.tab()
    expect(screen.getByRole('button', { name: 'Usar maria@gmail.com' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Enviar' }))
    expect(sent).toEqual({ email: 'maria@gmail.con' })
  })
})
