import { Eye, EyeOff } from 'lucide-react'
import { useState } from 'react'
import { Input, type InputProps } from './input'

export type PasswordInputProps = Omit<InputProps, 'type' | 'trailing'>

/** A password field with a show/hide toggle that keeps focus and never submits the form. */
export function PasswordInput(props: PasswordInputProps) {
  const [visible, setVisible] = useState(false)
  const Icon = visible ? EyeOff : Eye
  return (
    <Input
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          className="inline-flex size-9 items-center justify-center rounded-md text-muted hover:bg-surface-3 hover:text-fg"
        >
          <Icon aria-hidden="true" className="size-4" />
        </button>
      }
    />
  )
}

/** The member's current password, the one the browser may have saved for this site. */
export function CurrentPasswordInput(props: Omit<PasswordInputProps, 'name' | 'autoComplete' | 'required'>) {
  return <PasswordInput name="password" autoComplete="current-password" required {...props} />
}
