// The server runs through tsx from the repository root, whose tsconfig sets no JSX mode: say it here.
// @jsxRuntime automatic
// @jsxImportSource react
import { Body } from '@react-email/body'
import { Button } from '@react-email/button'
import { Container } from '@react-email/container'
import { Head } from '@react-email/head'
import { Heading } from '@react-email/heading'
import { Hr } from '@react-email/hr'
import { Html } from '@react-email/html'
import { Link } from '@react-email/link'
import { Preview } from '@react-email/preview'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import type { CSSProperties, ReactNode } from 'react'

/**
 * Colours that read on a light client, with a dark scheme for clients that honour
 * `prefers-color-scheme` (Apple Mail, Outlook.com); the others (Gmail) invert the light one themselves.
 */
const DARK_SCHEME = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  body, .bb-body, .bb-body > table > tbody > tr > td { background-color: #0d1117 !important; }
  .bb-hr { border-color: #30363d !important; }
  .bb-card { background-color: #161b22 !important; border-color: #30363d !important; }
  .bb-text, .bb-heading { color: #e6edf3 !important; }
  .bb-muted { color: #9da7b3 !important; }
  .bb-code { background-color: #0d1117 !important; color: #7ee787 !important; border-color: #30363d !important; }
  .bb-link { color: #58a6ff !important; }
}`

const body: CSSProperties = {
  backgroundColor: '#f4f5f7',
  fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  margin: 0,
  padding: '24px 0',
}
const card: CSSProperties = {
  backgroundColor: '#ffffff',
  border: '1px solid #dfe3e8',
  borderRadius: '8px',
  maxWidth: '560px',
  padding: '28px 32px',
}
const text: CSSProperties = { color: '#1f2328', fontSize: '15px', lineHeight: '24px', margin: '0 0 16px' }
const muted: CSSProperties = { color: '#59636e', fontSize: '13px', lineHeight: '20px', margin: '0 0 8px' }
const link: CSSProperties = { color: '#0969da' }

/** The frame of every mail: the site's name, the message, and a footer saying why it came. */
export function MailLayout(props: {
  preview: string
  heading: string
  children: ReactNode
  origin: string
  /** Why the reader got this mail, in the footer. */
  reason: string
  /** The one-click unsubscribe page of a non-essential mail, and the settings page it points to. */
  unsubscribeUrl?: string | undefined
  settingsUrl?: string | undefined
}) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{DARK_SCHEME}</style>
      </Head>
      <Preview>{props.preview}</Preview>
      <Body style={body} className="bb-body">
        <Container style={card} className="bb-card">
          <Text style={{ ...muted, fontWeight: 700, letterSpacing: '0.02em' }} className="bb-muted">
            <Link href={`${props.origin}/`} style={{ ...link, textDecoration: 'none' }} className="bb-link">
              $ bashboard
            </Link>
          </Text>
          <Heading as="h1" style={{ ...text, fontSize: '20px', lineHeight: '28px' }} className="bb-heading">
            {props.heading}
          </Heading>
          {props.children}
          <Hr style={{ borderColor: '#dfe3e8', margin: '24px 0 16px' }} className="bb-hr" />
          <Text style={muted} className="bb-muted">
            {props.reason}
          </Text>
          {props.unsubscribeUrl ? (
            <Text style={muted} className="bb-muted">
              <Link href={props.unsubscribeUrl} style={link} className="bb-link">
                Unsubscribe from these mails
              </Link>
              {props.settingsUrl ? (
                <>
                  {' · '}
                  <Link href={props.settingsUrl} style={link} className="bb-link">
                    Choose what we mail you
                  </Link>
                </>
              ) : null}
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  )
}

/** A paragraph of the message. */
export function Paragraph(props: { children: ReactNode }) {
  return (
    <Text style={text} className="bb-text">
      {props.children}
    </Text>
  )
}

/** A small note under the message (how long a link works, what to do if it was not you). */
export function Note(props: { children: ReactNode }) {
  return (
    <Text style={muted} className="bb-muted">
      {props.children}
    </Text>
  )
}

/** The mail's one action, as a button, with the address written out for clients that hide buttons. */
export function Action(props: { href: string; label: string }) {
  return (
    <Section style={{ margin: '8px 0 20px' }}>
      <Button
        href={props.href}
        style={{
          backgroundColor: '#1f883d',
          borderRadius: '6px',
          color: '#ffffff',
          fontSize: '15px',
          fontWeight: 600,
          padding: '10px 18px',
        }}
      >
        {props.label}
      </Button>
      <Text style={{ ...muted, marginTop: '12px', wordBreak: 'break-all' }} className="bb-muted">
        Or open this address:{' '}
        <Link href={props.href} style={link} className="bb-link">
          {props.href}
        </Link>
      </Text>
    </Section>
  )
}

/** A command, set as code. */
export function Command(props: { children: string }) {
  return (
    <Text
      style={{
        backgroundColor: '#f6f8fa',
        border: '1px solid #dfe3e8',
        borderRadius: '6px',
        color: '#1f2328',
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        fontSize: '13px',
        lineHeight: '20px',
        margin: '4px 0 12px',
        padding: '8px 12px',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
      }}
      className="bb-code"
    >
      {props.children}
    </Text>
  )
}

/** A link inside a paragraph or list. */
export function InlineLink(props: { href: string; children: ReactNode }) {
  return (
    <Link href={props.href} style={link} className="bb-link">
      {props.children}
    </Link>
  )
}
