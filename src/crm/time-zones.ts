/**
 * The time zones a venue may choose, by their current IANA names. The runtime lists CLDR's
 * canonical names, some of which IANA retired long ago (Asia/Calcutta for Asia/Kolkata,
 * Europe/Kiev for Europe/Kyiv); those are shown by their current names. A retired name is still
 * an IANA time zone (a link), so the rules accept it when an integration sends one.
 */

/** CLDR's canonical names that IANA has renamed, and their current names. */
const RENAMED: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** A zone by its current IANA name. */
export function currentZoneName(zone: string): string {
  return RENAMED[zone] ?? zone;
}

/** Every zone a venue may choose: UTC first, then by name. */
export const TIME_ZONES: readonly string[] = [
  'UTC',
  ...[...new Set(Intl.supportedValuesOf('timeZone').map(currentZoneName))]
    .filter((zone) => zone !== 'UTC')
    .sort(),
];
