// Distinct mainland mobile numbers for sign-ups, so journeys never share an account or a cooldown.
let counter = Math.floor(Math.random() * 90_000_000);

/** A fresh 11-digit number starting with `prefix` (a 1[3-9]x carrier prefix). */
export function newPhone(prefix: string): string {
  counter += 1;
  return `${prefix}${String(counter % 100_000_000).padStart(8, '0')}`;
}
