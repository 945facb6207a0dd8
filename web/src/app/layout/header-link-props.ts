/** The props every link of the header's action row shares. */
export interface ShellLinkProps {
  /**
   * Icon only below 1280 px (the label stays for screen readers): with the bell and the user's name the
   * labelled buttons do not fit a 1024 px header on one line.
   */
  compact?: boolean
  onNavigate?: () => void
  className?: string
}
