import { screen } from '@testing-library/react'
import { expect } from 'vitest'

/** The toasts on screen (the root's toast region). */
export function toasts(): HTMLElement[] {
  // Each toast is an <li> whose role is status or alert, so it is found by tag.
  return [...screen.getByRole('region', { name: 'Notifications' }).querySelectorAll('li')]
}

/** The field is marked invalid and its description (aria-describedby) holds the error, as on Register. */
export function expectFieldError(field: HTMLElement, message: string): void {
  expect(field).toHaveAttribute('aria-invalid', 'true')
  expect(field).toHaveAccessibleDescription(expect.stringContaining(message))
  // Validation belongs under the field: nothing in the toast region says it.
  expect(toasts().filter((toast) => toast.textContent?.includes(message))).toEqual([])
}

/** The field carries no error any more. */
export function expectNoFieldError(field: HTMLElement, message: string): void {
  expect(field).not.toHaveAttribute('aria-invalid')
  expect(screen.queryByText(message)).not.toBeInTheDocument()
}
