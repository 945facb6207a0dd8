/** A server a web benchmark compares: its name in the tables and its base URL. */
export interface NamedServer {
  name: string
  url: string
}

/** The web benchmarks' `NAME=URL` arguments (bench/web/*.ts), at least one. */
export function parseNamedServers(specs: readonly string[]): NamedServer[] {
  const servers = specs.map((spec) => {
    const at = spec.indexOf('=')
    if (at < 1) throw new Error(`expected NAME=URL, got ${spec}`)
    return { name: spec.slice(0, at), url: spec.slice(at + 1).replace(/\/$/, '') }
  })
  if (servers.length === 0) throw new Error('name at least one server: NAME=URL')
  return servers
}
