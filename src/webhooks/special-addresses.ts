/**
 * Addresses a webhook may not be delivered to: every block of IANA's IPv4 and IPv6
 * Special-Purpose Address Registries (RFC 6890 and its updates; as of 2025), whether or not the
 * registry marks it globally reachable (no webhook has business with an anycast relay or a
 * benchmarking network), and for IPv6 anything outside 2000::/3, the only space allocated for
 * global unicast. IPv6 forms that carry an IPv4 address inside (IPv4-mapped, the deprecated
 * IPv4-compatible `::a.b.c.d`, NAT64, 6to4, Teredo) are refused outright: a private IPv4 address
 * could hide in them.
 */
import ipaddr from 'ipaddr.js';

const IPV4_SPECIAL = [
  '0.0.0.0/8', // "this network"
  '10.0.0.0/8', // private
  '100.64.0.0/10', // shared address space (carrier-grade NAT)
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local (cloud metadata)
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation (TEST-NET-1)
  '192.31.196.0/24', // AS112-v4
  '192.52.193.0/24', // AMT
  '192.88.99.0/24', // deprecated 6to4 relay anycast
  '192.168.0.0/16', // private
  '192.175.48.0/24', // direct delegation AS112 service
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation (TEST-NET-2)
  '203.0.113.0/24', // documentation (TEST-NET-3)
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, and 255.255.255.255 (limited broadcast)
].map((cidr) => ipaddr.IPv4.parseCIDR(cidr));

const IPV6_GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

const IPV6_SPECIAL = [
  '2001::/23', // IETF protocol assignments (Teredo, benchmarking, ORCHID, …)
  '2001:db8::/32', // documentation
  '2002::/16', // 6to4
  '3fff::/20', // documentation
].map((cidr) => ipaddr.IPv6.parseCIDR(cidr));

/** Whether an address (IPv4 or IPv6, as text) is on the public Internet. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') {
    const v4 = parsed as ipaddr.IPv4;
    return !IPV4_SPECIAL.some((range) => v4.match(range));
  }
  const v6 = parsed as ipaddr.IPv6;
  return v6.match(IPV6_GLOBAL_UNICAST) && !IPV6_SPECIAL.some((range) => v6.match(range));
}
