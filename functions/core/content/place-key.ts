// One spelling per place name, so a list's "St. Charles" or "LaGrange Park" finds the ZIP
// table's postal city "SAINT CHARLES" or "LA GRANGE PARK": upper case, SAINT and MOUNT abbreviated,
// and nothing but letters and digits kept.
export function placeKey(name: string): string {
  return name
    .toUpperCase()
    .replace(/\bSAINT\b/g, 'ST')
    .replace(/\bMOUNT\b/g, 'MT')
    .replace(/[^A-Z0-9]/g, '');
}
